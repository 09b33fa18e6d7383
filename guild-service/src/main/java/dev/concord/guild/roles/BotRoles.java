package dev.concord.guild.roles;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The role the platform manages for a bot in a guild: named as the bot, holding what the person who added
 * it granted, its tags naming the bot. Nobody hands it out or deletes it while the bot is there; it goes
 * with the bot. Callers own the transaction and hold the guild's row.
 */
@Component
public final class BotRoles {

    private final RoleStore store;
    private final RoleWrites writes;
    private final Outbox outbox;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;

    BotRoles(RoleStore store, RoleWrites writes, Outbox outbox, SnowflakeGenerator ids, JsonMapper mapper) {
        this.store = store;
        this.writes = writes;
        this.outbox = outbox;
        this.ids = ids;
        this.mapper = mapper;
    }

    /** The bot's new role in the guild {@code access} was read from. */
    public Mono<RoleData> create(GuildAccess access, Snowflake botId, String botName, long permissions) {
        ObjectNode tags = mapper.createObjectNode().put("bot_id", botId.asString());
        return writes.insert(
                access, new RoleStore.NewRole(ids.next(), botName, permissions, 0, false, null, null, 1, false, tags));
    }

    /**
     * A bot authorized again: its role gets exactly the permissions now granted (GUILD_ROLE_UPDATE when
     * they differ). Nothing for a bot that was added without a role.
     */
    public Mono<Void> regrant(Snowflake guildId, Snowflake botId, long permissions) {
        return store.findBotRole(guildId, botId)
                .filter(role -> Long.parseLong(role.permissions()) != permissions)
                .flatMap(role -> store.setPermissions(guildId, role.id(), permissions))
                .flatMap(updated -> outbox.append(RoleEvents.roleUpdate(guildId, updated)));
    }

    /** The bot left with its application: its role goes as any deleted role does. Nothing without one. */
    public Mono<Void> delete(Snowflake guildId, Snowflake botId) {
        return store.findBotRole(guildId, botId).flatMap(role -> writes.remove(guildId, role.id()));
    }
}
