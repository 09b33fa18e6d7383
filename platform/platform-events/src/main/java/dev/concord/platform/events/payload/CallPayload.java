package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** CALL_CREATE: the call's channel, who is rung, and who is in it already. Absent lists are empty. */
public record CallPayload(
        @Nullable Snowflake guildId,
        @Nullable Snowflake channelId,
        List<@Nullable Snowflake> ringing,
        List<VoiceStatePayload> voiceStates) {

    public CallPayload {
        ringing = ringing == null ? List.of() : ringing;
        voiceStates = voiceStates == null ? List.of() : voiceStates;
    }
}
