package dev.concord.guild.streams;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;

/**
 * A stream's key, as the platform writes it: {@code guild:{guild_id}:{channel_id}:{user_id}} for a stream
 * in a guild's voice channel ({@code call:{channel_id}:{user_id}} streams in DM calls, which are not served
 * here, are refused as not a guild stream).
 */
record StreamKey(Snowflake guildId, Snowflake channelId, Snowflake userId) {

    static StreamKey parse(String key) {
        String[] parts = key.split(":", -1);
        if (parts.length == 4 && parts[0].equals("guild")) {
            Snowflake guild = Snowflake.parseOrNull(parts[1]);
            Snowflake channel = Snowflake.parseOrNull(parts[2]);
            Snowflake user = Snowflake.parseOrNull(parts[3]);
            if (guild != null && channel != null && user != null) {
                return new StreamKey(guild, channel, user);
            }
        }
        throw new Violations()
                .add(
                        "stream_key",
                        "STREAM_KEY_INVALID",
                        "Not a guild stream's key (guild:guild_id:channel_id:user_id).")
                .toException();
    }

    String asString() {
        return "guild:" + guildId.asString() + ":" + channelId.asString() + ":" + userId.asString();
    }
}
