package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;

/** GUILD_CREATE, GUILD_UPDATE and GUILD_DELETE: the guild's id and what an audit shows of it. */
public record GuildPayload(Snowflake id, String name, String icon, Boolean unavailable) {

    /** Whether the guild is only out of reach (an outage), not created, changed or left. */
    public boolean isOutage() {
        return Boolean.TRUE.equals(unavailable);
    }
}
