package dev.concord.guild.voice.keys;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Objects;

/** The body of {@code POST /voice/{user.id}/match-public-key}: {@code key_version} (1) and {@code public_key}. */
record VoicePublicKeyMatchRequest(Possible<Integer> keyVersion, Possible<String> publicKey)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        VoiceKeyFields.keyVersion(v, keyVersion.orNull());
        VoiceKeyFields.publicKey(v, publicKey.orNull());
    }

    /** The key, once validated. */
    P256PublicKey key() {
        return Objects.requireNonNull(VoiceKeyFields.publicKey(new Violations(), publicKey.orNull()), "not validated");
    }
}
