package dev.concord.guild.calls;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * A user's voice state in a private call, as kept (JSON in Redis): the call's channel, the gateway session
 * that joined, and the user's own mute, deafen, stream and video. Nobody mutes or suppresses anyone in a
 * call, so those are not kept. {@code channel_id} is null only in the event of a user leaving.
 */
record CallState(
        @Nullable Snowflake channelId,
        Snowflake userId,
        String sessionId,
        boolean selfDeaf,
        boolean selfMute,
        boolean selfStream,
        boolean selfVideo) {

    CallState left() {
        return new CallState(null, userId, sessionId, selfDeaf, selfMute, false, false);
    }
}
