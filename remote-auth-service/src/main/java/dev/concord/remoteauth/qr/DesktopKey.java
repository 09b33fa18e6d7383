package dev.concord.remoteauth.qr;

import dev.concord.remoteauth.secret.Secrets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

/**
 * The desktop's public key from its {@code init}: a 2048-bit RSA key as base64 SPKI. Everything the
 * server sends the desktop in secret (the nonce, the user payload, the token) is encrypted for it with
 * RSA-OAEP, SHA-256 and MGF1-SHA-256, the parameters set explicitly: the JDK's
 * {@code OAEPWithSHA-256AndMGF1Padding} alone would use MGF1 with SHA-1, which the platform's clients
 * (WebCrypto's RSA-OAEP with SHA-256) cannot decrypt.
 */
final class DesktopKey {

    static final int BITS = 2048;
    private static final OAEPParameterSpec OAEP =
            new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT);

    private final RSAPublicKey key;
    private final byte[] spki;

    private DesktopKey(RSAPublicKey key, byte[] spki) {
        this.key = key;
        this.spki = spki;
    }

    /** The key {@code init} carried; {@link InvalidKey} for anything but base64 SPKI of 2048-bit RSA. */
    static DesktopKey parse(String encodedPublicKey) {
        if (encodedPublicKey == null || encodedPublicKey.length() > 1024) {
            throw new InvalidKey();
        }
        try {
            byte[] spki = Base64.getDecoder().decode(encodedPublicKey);
            if (!(KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(spki))
                            instanceof RSAPublicKey rsa)
                    || rsa.getModulus().bitLength() != BITS) {
                throw new InvalidKey();
            }
            return new DesktopKey(rsa, spki);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            throw new InvalidKey();
        }
    }

    /** The key as {@code init} carried it, base64 SPKI: what a session stores so any instance can encrypt for it. */
    String encoded() {
        return Base64.getEncoder().encodeToString(spki);
    }

    /** The base64url SHA-256 of the SPKI: what the QR code shows and the phone sends back. */
    String fingerprint() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(sha256(spki));
    }

    /**
     * {@code secret} encrypted for the desktop, base64, as {@code encrypted_*} fields carry it. OAEP's
     * padding is random: it is drawn from {@code secrets}, not the JDK's default source, which reads a file.
     */
    String encrypt(byte[] secret, Secrets secrets) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, OAEP, secrets.random());
            return Base64.getEncoder().encodeToString(cipher.doFinal(secret));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA-OAEP with SHA-256 is part of every JDK", e);
        }
    }

    static byte[] sha256(byte[] data) {
        return Secrets.sha256(data);
    }

    /** A key the handshake cannot use; the socket closes with 4002. */
    static final class InvalidKey extends RuntimeException {
        InvalidKey() {
            super("not a base64 SPKI of a 2048-bit RSA key", null, false, false);
        }
    }
}
