package dev.concord.platform.guilds;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** Which guild an event of guild.events is about. */
public final class GuildEvents {

    /** The ids of any guild event's data that can name its guild. */
    record GuildIds(@Nullable Snowflake guildId, @Nullable Snowflake id) {}

    private GuildEvents() {}

    /**
     * The audience's guild; else {@code data.guild_id}; else {@code data.id}, for GUILD_CREATE and
     * GUILD_DELETE, which are addressed to users and are the guild themselves.
     */
    public static @Nullable Snowflake guildOf(EventEnvelope event) {
        if (event.audience() != null && event.audience().guildId() != null) {
            return event.audience().guildId();
        }
        return EventPayloads.read(event, GuildIds.class)
                .map(ids -> ids.guildId() != null ? ids.guildId() : ids.id())
                .orElse(null);
    }
}
