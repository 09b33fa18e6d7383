package dev.concord.guild;

import dev.concord.platform.web.Violations;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * An image sent the platform's way, as a data URI ({@code data:image/png;base64,...}), reduced to the
 * hash clients build CDN addresses from: 32 hex digits, {@code a_} in front for an animated GIF.
 */
public final class ImageData {

    /**
     * The platform's ceiling for an uploaded guild image. Until images go to storage of their own, a
     * body above the JSON codec's in-memory limit (256 KiB by default) is refused with 413 first.
     */
    static final int MAX_BYTES = 10 * 1024 * 1024;

    private static final Pattern DATA_URI =
            Pattern.compile("data:image/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/=\\s]+)");

    private ImageData() {}

    /** Checks {@code value}; null (no image) is fine. */
    public static void validate(Violations v, String field, @Nullable String value) {
        if (value != null && decode(value) == null) {
            v.add(field, "IMAGE_INVALID", "Invalid image data");
        }
    }

    /** The hash of a valid data URI; none for none. */
    public static @Nullable String hash(@Nullable String value) {
        if (value == null) {
            return null;
        }
        Decoded image = decode(value);
        if (image == null) {
            throw new IllegalArgumentException("not validated: invalid image data");
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(image.bytes());
            String hex = HexFormat.of().formatHex(digest, 0, 16);
            return image.animated() ? "a_" + hex : hex;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A valid data URI's image: its bytes and its media type ({@code image/png}, ...). */
    public record Image(byte[] bytes, String mediaType) {}

    /** The image of a valid data URI. */
    public static Image read(String value) {
        Decoded image = decode(value);
        if (image == null) {
            throw new IllegalArgumentException("not validated: invalid image data");
        }
        return new Image(image.bytes(), "image/" + image.format());
    }

    private record Decoded(byte[] bytes, String format) {

        boolean animated() {
            return format.equals("gif");
        }
    }

    private static @Nullable Decoded decode(String value) {
        // Base64 of MAX_BYTES is 4/3 as long; anything longer is too big before decoding it.
        if (value.length() > MAX_BYTES / 3 * 4 + 64) {
            return null;
        }
        Matcher matcher = DATA_URI.matcher(value);
        if (!matcher.matches()) {
            return null;
        }
        try {
            byte[] bytes = Base64.getMimeDecoder().decode(matcher.group(2));
            if (bytes.length == 0 || bytes.length > MAX_BYTES) {
                return null;
            }
            return new Decoded(bytes, matcher.group(1).equals("jpg") ? "jpeg" : matcher.group(1));
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }
}
