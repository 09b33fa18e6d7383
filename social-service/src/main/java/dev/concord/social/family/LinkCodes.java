package dev.concord.social.family;

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

    private final SecureRandom random = seeded();

    /**
     * A DRBG seeded now, at startup: it then draws in memory, where the default source reads /dev/urandom
     * on every call, file I/O that has no place on an event loop (as guild-service's invite codes do).
     */
    private static SecureRandom seeded() {
        try {
            SecureRandom drbg = SecureRandom.getInstance("DRBG");
            drbg.nextInt();
            return drbg;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("No DRBG for link codes", e);
        }
    }

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
