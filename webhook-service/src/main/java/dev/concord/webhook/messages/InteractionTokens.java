package dev.concord.webhook.messages;

import dev.concord.platform.ids.SeededRandom;
import dev.concord.platform.ids.Snowflake;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Interaction tokens, shaped as the platform's: URL-safe base64 of {@code interaction:<id>:<secret>}, so
 * every token starts {@link #PREFIX} and names its interaction. Only a token's SHA-256 is stored; a token
 * is checked against it in constant time.
 */
@Component
final class InteractionTokens {

    /** {@code interaction:} in base64: twelve bytes, so the encoding of every token begins with it. */
    static final String PREFIX = "aW50ZXJhY3Rpb246";

    private static final String PLAIN_PREFIX = "interaction:";
    private static final int SECRET_BYTES = 48;

    /** Seeded at start-up: it draws in memory after that, never from a file on an event loop. */
    private final SecureRandom random = SeededRandom.create();

    String issue(Snowflake interactionId) {
        byte[] secret = new byte[SECRET_BYTES];
        random.nextBytes(secret);
        String plain = PLAIN_PREFIX + interactionId.asString() + ":"
                + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    /** The interaction a token names, or null when it is not an interaction token at all. */
    static @Nullable Snowflake interactionOf(String token) {
        if (!token.startsWith(PREFIX)) {
            return null;
        }
        String plain;
        try {
            plain = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
        int end = plain.indexOf(':', PLAIN_PREFIX.length());
        return end < 0 ? null : Snowflake.parseOrNull(plain.substring(PLAIN_PREFIX.length(), end));
    }

    static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** Whether {@code token} is the one whose hash was stored, in time independent of where they differ. */
    static boolean matches(String token, byte[] storedHash) {
        return MessageDigest.isEqual(hash(token), storedHash);
    }
}
