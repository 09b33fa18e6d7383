package dev.concord.remoteauth.pages;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.PlanarYUVLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.util.Arrays;

/**
 * Whether ZXing's reader, the detector of many phone scanners, finds a code drawn cleanly on a screen and
 * reads back its text. About 0.2 ms for a login link's code, less than encoding it takes.
 */
final class ScanCheck {

    /** Pixels a module is drawn with: a screen's rendering, big enough that the detector's grid sampling works. */
    private static final int PIXELS_PER_MODULE = 4;

    private ScanCheck() {}

    static boolean finds(BitMatrix modules, String text) {
        int width = modules.getWidth() * PIXELS_PER_MODULE;
        byte[] luminance = new byte[width * width];
        Arrays.fill(luminance, (byte) 0xFF);
        for (int y = 0; y < width; y++) {
            for (int x = 0; x < width; x++) {
                if (modules.get(x / PIXELS_PER_MODULE, y / PIXELS_PER_MODULE)) {
                    luminance[y * width + x] = 0;
                }
            }
        }
        PlanarYUVLuminanceSource picture =
                new PlanarYUVLuminanceSource(luminance, width, width, 0, 0, width, width, false);
        try {
            return new QRCodeReader()
                    .decode(new BinaryBitmap(new HybridBinarizer(picture)))
                    .getText()
                    .equals(text);
        } catch (ReaderException e) {
            return false;
        }
    }
}
