package dev.concord.remoteauth.qr;

import dev.concord.remoteauth.secret.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * The proof that the desktop holds the private key of the key it sent: the server encrypts a random
 * nonce for that key, and the desktop answers with the base64url SHA-256 of what it decrypted. The answer
 * is compared in constant time, padded or not (clients differ).
 */
final class NonceChallenge {

    private static final int BYTES = 32;

    private final Secrets secrets;
    private final byte[] nonce;

    private NonceChallenge(Secrets secrets, byte[] nonce) {
        this.secrets = secrets;
        this.nonce = nonce;
    }

    static NonceChallenge next(Secrets secrets) {
        return new NonceChallenge(secrets, secrets.bytes(BYTES));
    }

    /** The nonce encrypted for the desktop: {@code nonce_proof}'s {@code encrypted_nonce}. */
    String encryptedFor(DesktopKey key) {
        return key.encrypt(nonce, secrets);
    }

    /** Whether {@code proof} is the base64url SHA-256 of the nonce. */
    boolean isAnsweredBy(String proof) {
        if (proof == null || proof.length() > 64) {
            return false;
        }
        try {
            byte[] answered = Base64.getUrlDecoder().decode(proof.getBytes(StandardCharsets.US_ASCII));
            return MessageDigest.isEqual(DesktopKey.sha256(nonce), answered);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
