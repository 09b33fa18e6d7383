package dev.concord.remoteauth.application;

import dev.concord.platform.ids.SeededRandom;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * OAuth2 client secrets: 32 random URL-safe characters, shown once when reset; only their SHA-256 is
 * stored, and a presented secret is compared with it in constant time.
 */
@Component
class ClientSecrets {

    /** A new secret and the digest to store. */
    static final class Issued {
        private final String secret;
        private final byte[] digest;

        private Issued(String secret, byte[] digest) {
            this.secret = secret;
            this.digest = digest;
        }

        String secret() {
            return secret;
        }

        byte[] digest() {
            return digest.clone();
        }

        @Override
        public String toString() {
            return "Issued[secret=…]";
        }
    }

    private static final int SECRET_BYTES = 24;

    private final SecureRandom random = SeededRandom.create();

    Issued issue() {
        byte[] bytes = new byte[SECRET_BYTES];
        random.nextBytes(bytes);
        String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        return new Issued(secret, digest(secret));
    }

    /** Whether {@code presented} is the secret whose digest is {@code stored}; false when none is stored. */
    static boolean matches(String presented, byte @Nullable [] stored) {
        return stored != null && MessageDigest.isEqual(digest(presented), stored);
    }

    static byte[] digest(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
