package dev.concord.platform.test;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;

/**
 * One Ed25519 token key pair per test JVM, made at start and never stored. Tests get both halves, so
 * the service under test verifies tokens as in production and the test can mint them with the
 * {@code TokenIssuer} bean.
 */
final class TestTokenKeys {

    private static final KeyPair KEYS = generate();

    private TestTokenKeys() {}

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
