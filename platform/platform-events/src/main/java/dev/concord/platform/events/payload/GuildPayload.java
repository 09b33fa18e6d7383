package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** GUILD_CREATE, GUILD_UPDATE and GUILD_DELETE: the guild's id and what an audit shows of it. */
public record GuildPayload(
        @Nullable Snowflake id,
        @Nullable String name,
        @Nullable String icon,
        @Nullable Boolean unavailable) {

    /** Whether the guild is only out of reach (an outage), not created, changed or left. */
    public boolean isOutage() {
        return Boolean.TRUE.equals(unavailable);
    }
}
