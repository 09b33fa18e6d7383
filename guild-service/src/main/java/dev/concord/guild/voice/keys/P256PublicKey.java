package dev.concord.guild.voice.keys;

import java.util.Arrays;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.jspecify.annotations.Nullable;

/**
 * A P-256 public key as X9.62 encodes a point: uncompressed ({@code 04 || x || y}, 65 bytes, what the
 * platform's voice library sends) or compressed ({@code 02|03 || x}, 33 bytes, as the platform's
 * documentation example encodes it). Checked to be a point on the curve of the right order, not the point
 * at infinity; hybrid encodings (06, 07) are refused.
 *
 * @param sent the encoding as the client sent it: what its self-signature covers
 * @param point the key, for verifying
 */
record P256PublicKey(byte[] sent, ECPublicKeyParameters point) {

    static final ECDomainParameters DOMAIN = domain();

    private static final int UNCOMPRESSED_LENGTH = 65;
    private static final int COMPRESSED_LENGTH = 33;

    /** The key {@code encoded} is, or null when it is not a P-256 point in either form. */
    static @Nullable P256PublicKey decode(byte[] encoded) {
        boolean uncompressed = encoded.length == UNCOMPRESSED_LENGTH && encoded[0] == 0x04;
        boolean compressed = encoded.length == COMPRESSED_LENGTH && (encoded[0] == 0x02 || encoded[0] == 0x03);
        if (!uncompressed && !compressed) {
            return null;
        }
        try {
            ECPoint point = DOMAIN.getCurve().decodePoint(encoded);
            // Checks the point is on the curve, not infinity, and of the group's order.
            return new P256PublicKey(encoded.clone(), new ECPublicKeyParameters(point, DOMAIN));
        } catch (IllegalArgumentException notOnTheCurve) {
            return null;
        }
    }

    /**
     * The uncompressed encoding, whichever the client sent: what is kept and compared, so one key matches
     * itself however it was written.
     */
    byte[] uncompressed() {
        return point.getQ().getEncoded(false);
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof P256PublicKey key && Arrays.equals(sent, key.sent);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sent);
    }

    @Override
    public String toString() {
        return "P256PublicKey[" + sent.length + " bytes]";
    }

    private static ECDomainParameters domain() {
        X9ECParameters p256 = CustomNamedCurves.getByName("secp256r1");
        return new ECDomainParameters(p256.getCurve(), p256.getG(), p256.getN(), p256.getH(), p256.getSeed());
    }
}
