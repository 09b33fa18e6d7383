package dev.concord.remoteauth.pages;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import java.util.EnumMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * QR codes by ZXing, drawn as SVG. Encoding is computation only, cheap enough for an event loop; one
 * code is made at start-up so the classes it needs are loaded then, not on the first request's loop.
 */
@Component
class QrCodes {

    /** The quiet zone the QR standard asks for around the code, in modules. */
    static final int QUIET_ZONE = 4;
    /** Each module is this many pixels at the image's natural size; the drawing itself is in modules. */
    private static final int PIXELS_PER_MODULE = 6;

    /** The QR standard's eight data masks. */
    private static final int MASK_PATTERNS = 8;

    private static final Map<EncodeHintType, Object> HINTS = new EnumMap<>(EncodeHintType.class);

    static {
        // M survives a phone camera's glare and blur while keeping the code small.
        HINTS.put(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M);
        HINTS.put(EncodeHintType.MARGIN, QUIET_ZONE);
    }

    QrCodes() {
        svg("https://warm.up/remote-auth/ra/0000000000000000000000000000000000000000000");
    }

    /**
     * The modules of {@code text}'s code, one bit per module, quiet zone included. ZXing picks the mask
     * the QR standard's penalty rules prefer; for about one code in a hundred, ZXing's own finder-pattern
     * detector (inside many phones' scanners) then fails to find that code on a clean screen. Such a code
     * is made again with the first other mask that the detector does find.
     */
    static BitMatrix matrix(String text) {
        BitMatrix preferred = encode(text, null);
        if (ScanCheck.finds(preferred, text)) {
            return preferred;
        }
        for (int mask = 0; mask < MASK_PATTERNS; mask++) {
            BitMatrix other = encode(text, mask);
            if (ScanCheck.finds(other, text)) {
                return other;
            }
        }
        return preferred;
    }

    private static BitMatrix encode(String text, @Nullable Integer mask) {
        Map<EncodeHintType, Object> hints = HINTS;
        if (mask != null) {
            hints = new EnumMap<>(HINTS);
            hints.put(EncodeHintType.QR_MASK_PATTERN, mask);
        }
        try {
            // Width and height 0: the matrix at one bit per module, as small as the code allows.
            return new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
        } catch (WriterException e) {
            throw new IllegalStateException(
                    "the QR code's text is too long to encode (is ra-url set to something huge?)", e);
        }
    }

    /**
     * {@code text}'s code as an SVG image: one path of the dark modules, each row's runs as rectangles,
     * on a white square. {@code crispEdges} keeps scaled modules from blurring into each other.
     */
    String svg(String text) {
        BitMatrix modules = matrix(text);
        int size = modules.getWidth();
        StringBuilder svg = new StringBuilder(8192)
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
                .append(size)
                .append(' ')
                .append(size)
                .append("\" width=\"")
                .append(size * PIXELS_PER_MODULE)
                .append("\" height=\"")
                .append(size * PIXELS_PER_MODULE)
                .append("\" shape-rendering=\"crispEdges\" role=\"img\"><title>")
                .append(escape(text))
                .append("</title>")
                .append("<rect width=\"")
                .append(size)
                .append("\" height=\"")
                .append(size)
                .append("\" fill=\"#fff\"/>")
                .append("<path fill=\"#000\" d=\"");
        for (int y = 0; y < size; y++) {
            int x = 0;
            while (x < size) {
                if (!modules.get(x, y)) {
                    x++;
                    continue;
                }
                int start = x;
                while (x < size && modules.get(x, y)) {
                    x++;
                }
                svg.append('M')
                        .append(start)
                        .append(' ')
                        .append(y)
                        .append('h')
                        .append(x - start)
                        .append("v1h-")
                        .append(x - start)
                        .append('z');
            }
        }
        return svg.append("\"/></svg>").toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
