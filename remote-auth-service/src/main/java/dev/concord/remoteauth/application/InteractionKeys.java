package dev.concord.remoteauth.application;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * An application's Ed25519 key pair: the platform signs what it sends to the application's interactions
 * endpoint with the private half, and the application checks it with {@code verify_key}, the public half
 * as 64 hex digits (the raw 32-byte key, as libraries such as tweetnacl and PyNaCl take it).
 *
 * <p>A request is signed as the platform signs it: the signature of {@code timestamp + body}, in the
 * {@code X-Signature-Ed25519} header as hex, the timestamp in {@code X-Signature-Timestamp}.
 */
final class InteractionKeys {

    private static final String ALGORITHM = "Ed25519";
    /** The raw key is the last 32 bytes of its X.509 encoding (a fixed 12-byte prefix names the algorithm). */
    private static final int RAW_KEY_BYTES = 32;

    private final String verifyKey;
    private final byte[] signingKey;

    private InteractionKeys(String verifyKey, byte[] signingKey) {
        this.verifyKey = verifyKey;
        this.signingKey = signingKey;
    }

    /** The public key as 64 hex digits. */
    String verifyKey() {
        return verifyKey;
    }

    /** The private key in PKCS#8 form, to store. */
    byte[] signingKey() {
        return signingKey.clone();
    }

    /** A new pair drawn from {@code random} (a seeded DRBG: the system's source may block an event loop). */
    static InteractionKeys generate(SecureRandom random) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(ALGORITHM);
            generator.initialize(NamedParameterSpec.ED25519, random);
            KeyPair pair = generator.generateKeyPair();
            byte[] encoded = pair.getPublic().getEncoded();
            byte[] raw = Arrays.copyOfRange(encoded, encoded.length - RAW_KEY_BYTES, encoded.length);
            return new InteractionKeys(
                    HexFormat.of().formatHex(raw), pair.getPrivate().getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is part of every Java runtime since 15", e);
        }
    }

    /** The hex signature of {@code timestamp + body} with the signing key in PKCS#8 form. */
    static String sign(byte[] signingKey, String timestamp, byte[] body) {
        try {
            PrivateKey key = KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(signingKey));
            Signature signature = Signature.getInstance(ALGORITHM);
            signature.initSign(key);
            signature.update(timestamp.getBytes(StandardCharsets.UTF_8));
            signature.update(body);
            return HexFormat.of().formatHex(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a stored signing key no longer reads", e);
        }
    }

    /** Without the private key: a logged value must not expose it. */
    @Override
    public String toString() {
        return "InteractionKeys[verifyKey=" + verifyKey + "]";
    }
}
