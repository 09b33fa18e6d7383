package dev.concord.platform.web.image;

import dev.concord.platform.web.Violations;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads images sent as {@code data:image/<type>;base64,<data>} (avatars, banners, icons). {@link #check} is the
 * validation: a cheap scan of the header, the base64 alphabet, the decoded size and the first bytes;
 * {@link #decode} then decodes a checked URI once.
 */
public final class DataUriImage {

    public static final int MAX_BYTES = 10 * 1024 * 1024;

    private static final Map<String, ImageFormat> DECLARED = Map.of(
            "image/png",
            ImageFormat.PNG,
            "image/jpeg",
            ImageFormat.JPEG,
            "image/jpg",
            ImageFormat.JPEG,
            "image/gif",
            ImageFormat.GIF,
            "image/webp",
            ImageFormat.WEBP);
    private static final String BASE64_MARKER = ";base64,";

    private DataUriImage() {}

    /** Adds the platform's field error for {@code uri} under {@code field} if it is not a usable image. */
    public static void check(Violations violations, String field, @Nullable String uri) {
        if (uri == null) {
            return;
        }
        int payload = payloadStart(uri);
        if (payload < 0 || !isBase64(uri, payload)) {
            violations.add(field, "IMAGE_INVALID", "Invalid image data");
        } else if (decodedLength(uri, payload) > MAX_BYTES) {
            violations.add(field, "BINARY_TYPE_MAX_SIZE", "File cannot be larger than " + MAX_BYTES / 1024 + ".0 kb.");
        } else if (ImageFormat.sniff(head(uri, payload)) == null) {
            violations.add(field, "IMAGE_INVALID", "Invalid image data");
        }
    }

    /** The image of a URI that passed {@link #check}; its content decides the format, not the claimed type. */
    public static Image decode(String uri) {
        int payload = payloadStart(uri);
        if (payload < 0) {
            throw new IllegalArgumentException("not an image data URI");
        }
        byte[] bytes = Base64.getDecoder().decode(uri.substring(payload));
        ImageFormat format = ImageFormat.sniff(bytes);
        if (format == null) {
            throw new IllegalArgumentException("not a supported image");
        }
        return new Image(format, bytes);
    }

    /** Index where the base64 data starts, or -1 when the header is not a supported image type. */
    private static int payloadStart(String uri) {
        if (!uri.regionMatches(true, 0, "data:", 0, 5)) {
            return -1;
        }
        int marker = uri.indexOf(BASE64_MARKER);
        if (marker < 0
                || marker > 64
                || !DECLARED.containsKey(uri.substring(5, marker).toLowerCase(Locale.ROOT))) {
            return -1;
        }
        return marker + BASE64_MARKER.length();
    }

    /** Standard alphabet, padding only at the end, and a length the decoder accepts. */
    private static boolean isBase64(String uri, int from) {
        int length = uri.length() - from;
        int padding = 0;
        for (int i = from; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '=') {
                padding++;
            } else if (padding > 0 || !isBase64Char(c)) {
                return false;
            }
        }
        return length > 0 && padding <= 2 && (padding == 0 ? length % 4 != 1 : length % 4 == 0);
    }

    private static boolean isBase64Char(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
    }

    private static long decodedLength(String uri, int from) {
        int chars = uri.length() - from;
        while (chars > 0 && uri.charAt(from + chars - 1) == '=') {
            chars--;
        }
        return chars * 3L / 4;
    }

    /** The first decoded bytes, from the first 16 characters only, so sniffing costs nothing for a large image. */
    private static byte[] head(String uri, int from) {
        int chars = Math.min(uri.length() - from, ImageFormat.SIGNATURE_BYTES / 3 * 4);
        String prefix = uri.substring(from, from + chars);
        return Base64.getDecoder()
                .decode(prefix.length() % 4 == 0 ? prefix : prefix.substring(0, prefix.length() / 4 * 4));
    }
}
