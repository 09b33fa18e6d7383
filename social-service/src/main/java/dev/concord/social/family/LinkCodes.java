package dev.concord.social.family;

import dev.concord.platform.ids.SeededRandom;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Link codes: 128 random bits from {@link SecureRandom}, URL-safe (they end the QR code's URL), stored
 * only as SHA-256. A code is tried against one user's stored hash (the {@code recipient_id} of the
 * request), compared in constant time, so neither a database lookup by code nor the comparison's timing
 * helps a guesser; 2^128 possibilities within a few minutes of validity do the rest.
 */
final class LinkCodes {

    private static final int BYTES = 16;
    /** Base64 of 16 bytes without padding. */
    static final int LENGTH = 22;

    /** Seeded at startup (see {@link SeededRandom}), as this is built with the service. */
    private final SecureRandom random = SeededRandom.create();

    String next() {
        byte[] bytes = new byte[BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static byte[] hash(String code) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(code.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Whether {@code code} is the one whose hash is {@code stored}, in time independent of where they differ. */
    static boolean matches(String code, byte[] stored) {
        return stored != null && MessageDigest.isEqual(hash(code), stored);
    }
}
