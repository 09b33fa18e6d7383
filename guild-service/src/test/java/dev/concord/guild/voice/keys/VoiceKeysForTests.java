package dev.concord.guild.voice.keys;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * A client's side of voice keys, written with the JDK alone from the specifications (X9.62, RFC 9420's
 * SignWithLabel, RFC 9000's varints), not with the service's classes, so a mistake in those shows.
 */
public final class VoiceKeysForTests {

    private VoiceKeysForTests() {}

    /** A new P-256 key pair. */
    public static KeyPair keyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** X9.62 uncompressed: 04, x, y, 32 bytes each. */
    public static byte[] uncompressed(KeyPair pair) {
        ECPublicKey key = (ECPublicKey) pair.getPublic();
        byte[] out = new byte[65];
        out[0] = 0x04;
        fixed(key.getW().getAffineX().toByteArray(), out, 1);
        fixed(key.getW().getAffineY().toByteArray(), out, 33);
        return out;
    }

    /** X9.62 compressed: 02 or 03 by y's parity, then x. */
    public static byte[] compressed(KeyPair pair) {
        ECPublicKey key = (ECPublicKey) pair.getPublic();
        byte[] out = new byte[33];
        out[0] = (byte) (key.getW().getAffineY().testBit(0) ? 0x03 : 0x02);
        fixed(key.getW().getAffineX().toByteArray(), out, 1);
        return out;
    }

    /** SignWithLabel("PlatformSelfSignature", session ":" key), ECDSA P-256 SHA-256, DER as the JDK writes it. */
    public static byte[] selfSignature(KeyPair pair, String staticClientSessionId, byte[] sentKey) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        content.writeBytes(staticClientSessionId.getBytes(StandardCharsets.US_ASCII));
        content.write(':');
        content.writeBytes(sentKey);
        ByteArrayOutputStream signed = new ByteArrayOutputStream();
        vector(signed, "MLS 1.0 PlatformSelfSignature".getBytes(StandardCharsets.US_ASCII));
        vector(signed, content.toByteArray());
        try {
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(pair.getPrivate());
            signer.update(signed.toByteArray());
            return signer.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The cdn data form the platform's clients send. */
    public static String dataUri(byte[] bytes) {
        return "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(bytes);
    }

    /** The same bytes flipped in their last bit: a signature that no longer verifies, a point off the curve. */
    public static byte[] tampered(byte[] bytes) {
        byte[] out = Arrays.copyOf(bytes, bytes.length);
        out[out.length - 1] ^= 1;
        return out;
    }

    /** A QUIC varint length (one byte below 64, two below 16384), then the bytes. */
    private static void vector(ByteArrayOutputStream out, byte[] bytes) {
        if (bytes.length < 64) {
            out.write(bytes.length);
        } else {
            out.write(0x40 | (bytes.length >> 8));
            out.write(bytes.length & 0xFF);
        }
        out.writeBytes(bytes);
    }

    private static void fixed(byte[] magnitude, byte[] out, int at) {
        int length = Math.min(magnitude.length, 32);
        System.arraycopy(magnitude, magnitude.length - length, out, at + 32 - length, length);
    }
}
