package dev.concord.remoteauth.application;

import dev.concord.remoteauth.secret.Secrets;
import java.security.MessageDigest;
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

    private static final int SECRET_CHARACTERS = 32;

    private final Secrets secrets;

    ClientSecrets(Secrets secrets) {
        this.secrets = secrets;
    }

    Issued issue() {
        String secret = secrets.token(SECRET_CHARACTERS);
        return new Issued(secret, Secrets.sha256(secret));
    }

    /** Whether {@code presented} is the secret whose digest is {@code stored}; false when none is stored. */
    static boolean matches(String presented, byte @Nullable [] stored) {
        return stored != null && MessageDigest.isEqual(Secrets.sha256(presented), stored);
    }
}
