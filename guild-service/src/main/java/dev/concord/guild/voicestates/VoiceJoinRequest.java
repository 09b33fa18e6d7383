package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Optional;

/**
 * An op 4 as the gateway forwards it ({@code POST /internal/voice-states}): the user and their session,
 * the guild (none: a call in a DM or group DM), the channel to be in (null: leave), their own mute,
 * deafen and video.
 */
record VoiceJoinRequest(
        Possible<Snowflake> userId,
        Possible<String> sessionId,
        Possible<Snowflake> guildId,
        Possible<Optional<Snowflake>> channelId,
        Possible<Boolean> selfMute,
        Possible<Boolean> selfDeaf,
        Possible<Boolean> selfVideo)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("user_id", userId.orNull());
        v.required("session_id", sessionId.orNull());
        v.length("session_id", sessionId.orNull(), 1, 128);
        v.notNullIfSent("self_mute", selfMute);
        v.notNullIfSent("self_deaf", selfDeaf);
        v.notNullIfSent("self_video", selfVideo);
    }
}
