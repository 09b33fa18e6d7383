package dev.concord.remoteauth.qr;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.spec.MGF1ParameterSpec;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

/** A desktop's key pair used as the platform's clients use it (WebCrypto: RSA-OAEP, SHA-256, MGF1-SHA-256). */
public final class TestDesktopKeys {

    private final KeyPair pair;

    private TestDesktopKeys(KeyPair pair) {
        this.pair = pair;
    }

    public static TestDesktopKeys generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return new TestDesktopKeys(generator.generateKeyPair());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What {@code init} carries: base64 SPKI. */
    public String encodedPublicKey() {
        return Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
    }

    /** What {@code pending_remote_init} should carry: the base64url SHA-256 of the SPKI. */
    public String fingerprint() {
        return base64Url(sha256(pair.getPublic().getEncoded()));
    }

    public byte[] decrypt(String base64) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
            cipher.init(
                    Cipher.DECRYPT_MODE,
                    pair.getPrivate(),
                    new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT));
            return cipher.doFinal(Base64.getDecoder().decode(base64));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public String decryptText(String base64) {
        return new String(decrypt(base64), StandardCharsets.UTF_8);
    }

    /** The answer to {@code nonce_proof}: the base64url SHA-256 of the decrypted nonce. */
    public String proofFor(String encryptedNonce) {
        return base64Url(sha256(decrypt(encryptedNonce)));
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
