package dev.concord.guild.voice.keys;

import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The fields both voice key bodies share, each checked one way, and their errors' codes and messages. */
final class VoiceKeyFields {

    /** The persistent key protocol's version: the platform has only 1. */
    static final int KEY_VERSION = 1;

    static final String CDN_DATA_INVALID = "CDN_DATA_INVALID";
    static final String PUBLIC_KEY_INVALID = "PUBLIC_KEY_INVALID";
    static final String SIGNATURE_INVALID = "SIGNATURE_INVALID";

    private VoiceKeyFields() {}

    static void keyVersion(Violations v, @Nullable Integer keyVersion) {
        v.required("key_version", keyVersion);
        v.oneOf("key_version", keyVersion, List.of(KEY_VERSION));
    }

    /** Required, cdn data, a P-256 point; the key, or null after adding the field's error. */
    static @Nullable P256PublicKey publicKey(Violations v, @Nullable String value) {
        byte[] bytes = bytes(v, "public_key", value);
        if (bytes == null) {
            return null;
        }
        P256PublicKey key = P256PublicKey.decode(bytes);
        if (key == null) {
            v.add(
                    "public_key",
                    PUBLIC_KEY_INVALID,
                    "Must be an X9.62 P-256 public key: a point on the curve, uncompressed or compressed.");
        }
        return key;
    }

    /** Required, cdn data, DER-encoded ECDSA; the signature, or null after adding the field's error. */
    static byte @Nullable [] signature(Violations v, @Nullable String value) {
        byte[] bytes = bytes(v, "signature", value);
        if (bytes != null && !MlsSelfSignature.isDer(bytes)) {
            v.add("signature", SIGNATURE_INVALID, "Must be a DER-encoded ECDSA P-256 signature.");
            return null;
        }
        return bytes;
    }

    /** The 50035 of a well-formed signature that is not the key's self-signature for the caller's login. */
    static RuntimeException signatureDoesNotVerify() {
        return new Violations()
                .add("signature", SIGNATURE_INVALID, "Does not verify: not this key's self-signature for this session.")
                .toException();
    }

    private static byte @Nullable [] bytes(Violations v, String field, @Nullable String value) {
        v.required(field, value);
        if (value == null) {
            return null;
        }
        byte[] bytes = CdnData.decode(value);
        if (bytes == null) {
            v.add(field, CDN_DATA_INVALID, "Must be base64 data, bare or in a data URI.");
        }
        return bytes;
    }
}
