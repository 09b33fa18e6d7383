package dev.concord.guild.voice.keys;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.signers.DSADigestSigner;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.StandardDSAEncoding;

/**
 * The self-signature of an uploaded voice key: MLS's {@code SignWithLabel} (RFC 9420 §5.1.2) with the label
 * {@code PlatformSelfSignature} over {@code static_client_session_id ":" public_key}, the session id in
 * ASCII and the key as the raw bytes of its X9.62 encoding (not its base64), as the platform's voice library
 * signs it. The signature is ECDSA P-256 with SHA-256, DER-encoded, as MLS signs with ECDSA (mlspp and
 * BouncyCastle's MLS both write DER); raw {@code r || s} is refused.
 */
final class MlsSelfSignature {

    static final String LABEL = "PlatformSelfSignature";

    /** The longest DER signature of P-256: a sequence of two 33-byte integers. */
    static final int MAX_DER_LENGTH = 72;

    private static final String LABEL_PREFIX = "MLS 1.0 ";
    /** MLS vectors are at most 2^30 - 1 bytes: the 8-byte varint is not theirs. */
    private static final int MAX_VECTOR = (1 << 30) - 1;

    private MlsSelfSignature() {}

    /** Whether {@code signature} is DER as ECDSA writes it: two positive integers below the curve's order. */
    static boolean isDer(byte[] signature) {
        if (signature.length > MAX_DER_LENGTH) {
            return false;
        }
        try {
            BigInteger[] rs = StandardDSAEncoding.INSTANCE.decode(P256PublicKey.DOMAIN.getN(), signature);
            return rs[0].signum() > 0 && rs[1].signum() > 0;
        } catch (IllegalArgumentException | IOException notDer) {
            return false;
        }
    }

    /** Whether {@code signature} is {@code key}'s self-signature for the login {@code staticClientSessionId}. */
    static boolean verifies(P256PublicKey key, byte[] signature, String staticClientSessionId) {
        byte[] signed = signContent(LABEL, content(staticClientSessionId, key.sent()));
        DSADigestSigner verifier = new DSADigestSigner(new ECDSASigner(), new SHA256Digest());
        verifier.init(false, key.point());
        verifier.update(signed, 0, signed.length);
        return verifier.verifySignature(signature);
    }

    /** {@code static_client_session_id:public_key}: the session id's ASCII, a colon, the key's bytes. */
    static byte[] content(String staticClientSessionId, byte[] publicKey) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        content.writeBytes(staticClientSessionId.getBytes(StandardCharsets.US_ASCII));
        content.write(':');
        content.writeBytes(publicKey);
        return content.toByteArray();
    }

    /** {@code struct { opaque label<V> = "MLS 1.0 " + label; opaque content<V>; } SignContent}, serialized. */
    static byte[] signContent(String label, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        vector(out, (LABEL_PREFIX + label).getBytes(StandardCharsets.US_ASCII));
        vector(out, content);
        return out.toByteArray();
    }

    /** An MLS variable-size vector: its length as a QUIC varint (RFC 9000 §16), shortest form, then its bytes. */
    private static void vector(ByteArrayOutputStream out, byte[] bytes) {
        int length = bytes.length;
        if (length < (1 << 6)) {
            out.write(length);
        } else if (length < (1 << 14)) {
            out.write(0x40 | (length >>> 8));
            out.write(length & 0xFF);
        } else if (length <= MAX_VECTOR) {
            out.write(0x80 | (length >>> 24));
            out.write((length >>> 16) & 0xFF);
            out.write((length >>> 8) & 0xFF);
            out.write(length & 0xFF);
        } else {
            throw new IllegalArgumentException("too long for an MLS vector: " + length);
        }
        out.writeBytes(bytes);
    }
}
