package dev.concord.guild.roles;

import static dev.concord.platform.events.EventTypes.GUILD_ROLE_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;

import dev.concord.guild.access.RoleData;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.Map;

/** Role events on {@code guild.events}, keyed by guild id, to every member of the guild. */
final class RoleEvents {

    private RoleEvents() {}

    static DomainEvent roleCreate(Snowflake guildId, RoleData role) {
        return new DomainEvent(
                GUILD_ROLE_CREATE,
                guildId.asString(),
                Audience.guild(guildId),
                Map.of("guild_id", guildId, "role", role));
    }

    static DomainEvent roleUpdate(Snowflake guildId, RoleData role) {
        return new DomainEvent(
                GUILD_ROLE_UPDATE,
                guildId.asString(),
                Audience.guild(guildId),
                Map.of("guild_id", guildId, "role", role));
    }

    static DomainEvent roleDelete(Snowflake guildId, Snowflake roleId) {
        return new DomainEvent(
                GUILD_ROLE_DELETE,
                guildId.asString(),
                Audience.guild(guildId),
                Map.of("guild_id", guildId, "role_id", roleId));
    }
}
