package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;

/** VOICE_STATE_UPDATE, and each of a CALL_CREATE's voice states: who is in which call. */
public record VoiceStatePayload(Snowflake guildId, Snowflake channelId, Snowflake userId) {}
