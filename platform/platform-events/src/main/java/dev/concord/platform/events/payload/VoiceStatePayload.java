package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** VOICE_STATE_UPDATE, and each of a CALL_CREATE's voice states: who is in which call. */
public record VoiceStatePayload(
        @Nullable Snowflake guildId,
        @Nullable Snowflake channelId,
        @Nullable Snowflake userId) {}
