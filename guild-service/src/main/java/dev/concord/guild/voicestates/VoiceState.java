package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A user's voice state in a guild, as kept (JSON in Redis) and sent: the channel they are in, the gateway
 * session that joined, guild mute and deafen (the member's), their own mute, deafen, stream and video,
 * and on a stage whether they are suppressed (an audience member) and since when they asked to speak.
 * {@code channel_id} is null only in the VOICE_STATE_UPDATE of a user leaving.
 */
record VoiceState(
        Snowflake guildId,
        @Nullable Snowflake channelId,
        Snowflake userId,
        String sessionId,
        boolean deaf,
        boolean mute,
        boolean selfDeaf,
        boolean selfMute,
        boolean selfStream,
        boolean selfVideo,
        boolean suppress,
        @Nullable Instant requestToSpeakTimestamp) {

    /** A speaker is in the channel, not suppressed and not waiting to speak. */
    boolean isSpeaker() {
        return !suppress && requestToSpeakTimestamp == null;
    }

    VoiceState left() {
        return new VoiceState(
                guildId, null, userId, sessionId, deaf, mute, selfDeaf, selfMute, false, false, false, null);
    }

    VoiceState withStage(boolean newSuppress, @Nullable Instant newRequestToSpeak) {
        return new VoiceState(
                guildId,
                channelId,
                userId,
                sessionId,
                deaf,
                mute,
                selfDeaf,
                selfMute,
                selfStream,
                selfVideo,
                newSuppress,
                newRequestToSpeak);
    }
}
