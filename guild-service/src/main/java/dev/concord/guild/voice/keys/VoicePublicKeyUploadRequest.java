package dev.concord.guild.voice.keys;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Objects;

/**
 * The body of {@code PUT /voice/public-keys}: {@code key_version} (1), {@code public_key} and its
 * self-{@code signature}, both cdn data. Whether the signature verifies depends on the caller's login,
 * which the body does not carry; {@link VoiceKeyService} checks that after these rules.
 */
record VoicePublicKeyUploadRequest(Possible<Integer> keyVersion, Possible<String> publicKey, Possible<String> signature)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        VoiceKeyFields.keyVersion(v, keyVersion.orNull());
        VoiceKeyFields.publicKey(v, publicKey.orNull());
        VoiceKeyFields.signature(v, signature.orNull());
    }

    /** The key, once validated. */
    P256PublicKey key() {
        return Objects.requireNonNull(VoiceKeyFields.publicKey(new Violations(), publicKey.orNull()), "not validated");
    }

    /** The DER signature, once validated. */
    byte[] signatureBytes() {
        return Objects.requireNonNull(VoiceKeyFields.signature(new Violations(), signature.orNull()), "not validated");
    }
}
