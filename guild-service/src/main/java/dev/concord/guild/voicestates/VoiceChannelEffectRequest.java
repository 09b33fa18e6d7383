package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code POST /channels/{channel.id}/voice-channel-effects}: an emoji reaction, a custom emoji of
 * the guild ({@code emoji_id}) or a Unicode one ({@code emoji_name}), and its animation: PREMIUM (0) or
 * BASIC (1, the default), {@code animation_id} 0-20 (0 by default).
 */
record VoiceChannelEffectRequest(
        Possible<Optional<Integer>> animationType,
        Possible<Optional<Integer>> animationId,
        Possible<Optional<Snowflake>> emojiId,
        Possible<Optional<String>> emojiName)
        implements Violations.Validatable {

    static final int PREMIUM = 0;
    static final int BASIC = 1;
    static final int MAX_ANIMATION_ID = 20;
    /** The longest Unicode emoji (a family with skin tones) is well under this. */
    static final int MAX_EMOJI_NAME = 32;

    @Override
    public void validate(Violations v) {
        v.oneOf("animation_type", Possible.valueOrNull(animationType), List.of(PREMIUM, BASIC));
        v.range("animation_id", Possible.valueOrNull(animationId), 0, MAX_ANIMATION_ID);
        v.length("emoji_name", Possible.valueOrNull(emojiName), 1, MAX_EMOJI_NAME);
        if (Possible.valueOrNull(emojiId) == null && Possible.valueOrNull(emojiName) == null) {
            v.add("emoji_name", "BASE_TYPE_REQUIRED", "An effect sends an emoji: emoji_id or emoji_name.");
        }
    }

    int animationTypeOrBasic() {
        Integer type = Possible.valueOrNull(animationType);
        return type == null ? BASIC : type;
    }

    int animationIdOrZero() {
        Integer id = Possible.valueOrNull(animationId);
        return id == null ? 0 : id;
    }
}
