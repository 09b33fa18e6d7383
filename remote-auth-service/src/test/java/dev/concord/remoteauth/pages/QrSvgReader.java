package dev.concord.remoteauth.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.NotFoundException;
import com.google.zxing.PlanarYUVLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a QR code SVG as a phone's scanner would: the drawing rasterised (dark modules black on white,
 * a few pixels each) and handed to ZXing's reader, which finds the code in the picture on its own.
 */
final class QrSvgReader {

    private static final Pattern VIEW_BOX = Pattern.compile("viewBox=\"0 0 (\\d+) (\\d+)\"");
    private static final Pattern PATH = Pattern.compile("<path fill=\"#000\" d=\"([^\"]*)\"/>");
    private static final Pattern RUN = Pattern.compile("M(\\d+) (\\d+)h(\\d+)v1h-(\\d+)z");
    private static final int PIXELS = 4;

    private QrSvgReader() {}

    static String read(String svg) {
        Matcher box = VIEW_BOX.matcher(svg);
        assertThat(box.find()).as("a viewBox in %s", svg).isTrue();
        int size = Integer.parseInt(box.group(1));
        Matcher path = PATH.matcher(svg);
        assertThat(path.find()).as("the dark modules' path").isTrue();

        int width = size * PIXELS;
        byte[] luminance = new byte[width * width];
        Arrays.fill(luminance, (byte) 0xFF);
        Matcher run = RUN.matcher(path.group(1));
        int drawn = 0;
        while (run.find()) {
            int x = Integer.parseInt(run.group(1));
            int y = Integer.parseInt(run.group(2));
            int length = Integer.parseInt(run.group(3));
            assertThat(run.group(4)).isEqualTo(run.group(3));
            for (int py = y * PIXELS; py < (y + 1) * PIXELS; py++) {
                Arrays.fill(luminance, py * width + x * PIXELS, py * width + (x + length) * PIXELS, (byte) 0);
            }
            drawn += run.group().length();
        }
        assertThat(drawn)
                .as("the path is nothing but runs")
                .isEqualTo(path.group(1).length());

        PlanarYUVLuminanceSource picture =
                new PlanarYUVLuminanceSource(luminance, width, width, 0, 0, width, width, false);
        try {
            return new QRCodeReader()
                    .decode(new BinaryBitmap(new HybridBinarizer(picture)))
                    .getText();
        } catch (NotFoundException e) {
            throw new AssertionError("no QR code found in the SVG", e);
        } catch (ReaderException e) {
            throw new AssertionError("the QR code in the SVG does not decode", e);
        }
    }
}
