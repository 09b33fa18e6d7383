package dev.concord.platform.test;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.UUID;

/**
 * One Ed25519 token key pair and one internal secret per test JVM, made at start and never stored.
 * Tests get both halves, so the service under test verifies tokens as in production and the test can
 * mint them with the {@code TokenIssuer} bean.
 */
public final class TestTokenKeys {

    private static final KeyPair KEYS = generate();
    private static final String INTERNAL_SECRET = UUID.randomUUID().toString();

    private TestTokenKeys() {}

    /** The secret the service under test takes on {@code /internal/**}, as {@code concord.auth.internal-secret}. */
    public static String internalSecret() {
        return INTERNAL_SECRET;
    }

    static String publicKey() {
        return Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded());
    }

    static String privateKey() {
        return Base64.getEncoder().encodeToString(KEYS.getPrivate().getEncoded());
    }

    private static KeyPair generate() {
        try {
            return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 unavailable", e);
        }
    }
}
