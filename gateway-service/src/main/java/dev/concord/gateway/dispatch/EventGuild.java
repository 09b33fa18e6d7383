package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The guild an event belongs to, which decides the shard that gets it: its audience's guild, else the
 * {@code guild_id} of its data, else for the guild's own events (sent to users by id when they join or
 * leave) the guild's {@code id}. Null for an event of no guild.
 */
final class EventGuild {

    private static final Set<String> GUILD_ITSELF = Set.of(GUILD_CREATE, GUILD_UPDATE, GUILD_DELETE);

    private EventGuild() {}

    static @Nullable Snowflake of(EventEnvelope event) {
        if (event.audience() != null && event.audience().guildId() != null) {
            return event.audience().guildId();
        }
        JsonNode data = event.data();
        if (data == null) {
            return null;
        }
        String field = GUILD_ITSELF.contains(event.type()) ? "id" : "guild_id";
        JsonNode id = data.get(field);
        if (id == null || !id.isString()) {
            return null;
        }
        try {
            return Snowflake.parse(id.asString());
        } catch (NumberFormatException unreadable) {
            return null;
        }
    }
}
