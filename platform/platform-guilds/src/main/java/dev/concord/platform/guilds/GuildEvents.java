package dev.concord.platform.guilds;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Which guild an event of guild.events is about. */
final class GuildEvents {

    private GuildEvents() {}

    /**
     * The audience's guild; else {@code data.guild_id}; else {@code data.id}, for GUILD_CREATE and
     * GUILD_DELETE, which are addressed to users and are the guild themselves.
     */
    static @Nullable Snowflake guildOf(EventEnvelope event) {
        if (event.audience() != null && event.audience().guildId() != null) {
            return event.audience().guildId();
        }
        JsonNode data = event.data();
        if (data == null) {
            return null;
        }
        Snowflake guildId = id(data.path("guild_id"));
        return guildId != null ? guildId : id(data.path("id"));
    }

    private static @Nullable Snowflake id(JsonNode value) {
        if (!value.isString()) {
            return null;
        }
        try {
            return Snowflake.parse(value.asString());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
