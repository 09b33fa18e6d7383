package dev.concord.platform.web.image;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A decoded uploaded picture: an avatar, banner or icon. */
public record Image(ImageFormat format, byte[] bytes) {

    /**
     * What the user object carries and the CDN path is made of: 32 hex digits derived from the content,
     * with the {@code a_} prefix clients look for to request the animated version.
     */
    public String hash() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            String hex = HexFormat.of().formatHex(digest, 0, 16);
            return format == ImageFormat.GIF ? "a_" + hex : hex;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    @Override
    public String toString() {
        return "Image[" + format + ", " + bytes.length + " bytes]";
    }
}
