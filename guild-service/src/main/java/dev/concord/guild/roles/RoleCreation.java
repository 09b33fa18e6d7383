package dev.concord.guild.roles;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.RoleData;
import dev.concord.guild.channels.ChannelEvents;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.GuildRole;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Roles made for a purpose. New roles go in just above @everyone, at position 1, and every other role moves up one, as the
 * platform does: GUILD_ROLE_CREATE for the new role, GUILD_ROLE_UPDATE for each role that moved. Made
 * by members (MANAGE_ROLES) and, managed, for bots joining a guild. Callers own the transaction and
 * hold the guild's row.
 */
@Component
public final class RoleCreation {

    private final RoleStore store;
    private final ChannelStore channels;
    private final Outbox outbox;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;

    RoleCreation(RoleStore store, ChannelStore channels, Outbox outbox, SnowflakeGenerator ids, JsonMapper mapper) {
        this.store = store;
        this.channels = channels;
        this.outbox = outbox;
        this.ids = ids;
        this.mapper = mapper;
    }

    /** The role the platform manages for a bot in a guild: the one whose tags name the bot. */
    public static Optional<RoleData> botRole(GuildAccess access, Snowflake botId) {
        return access.roles().stream()
                .filter(role -> role.managed()
                        && role.tags() != null
                        && botId.asString().equals(role.tags().path("bot_id").asString(null)))
                .findFirst();
    }

    /**
     * A bot's managed role, named as the bot and holding what it was granted; nobody can give it to a
     * member or delete it while the bot is in the guild.
     */
    public Mono<RoleData> createBotRole(GuildAccess access, Snowflake botId, String botName, long permissions) {
        ObjectNode tags = mapper.createObjectNode().put("bot_id", botId.asString());
        return insert(
                access, new RoleStore.NewRole(ids.next(), botName, permissions, 0, false, null, null, 1, false, tags));
    }

    /** A bot authorized again with other permissions: its role gets exactly those (GUILD_ROLE_UPDATE). */
    public Mono<RoleData> regrant(Snowflake guildId, RoleData role, long permissions) {
        if (Long.parseLong(role.permissions()) == permissions) {
            return Mono.just(role);
        }
        return store.setPermissions(guildId, role.id(), permissions)
                .flatMap(updated ->
                        outbox.append(RoleEvents.roleUpdate(guildId, updated)).thenReturn(updated));
    }

    /**
     * The bot left with its application: its managed role goes, from the members and overwrites too
     * (CHANNEL_UPDATE for each channel that lost one, then GUILD_ROLE_DELETE). Nothing for a bot without one.
     */
    public Mono<Void> deleteBotRole(Snowflake guildId, Snowflake botId) {
        return store.findBotRole(guildId, botId).flatMap(role -> store.delete(guildId, role.id())
                .collectList()
                .flatMap(cleared -> ChannelEvents.updates(channels, cleared))
                .flatMap(outbox::appendAll)
                .then(outbox.append(RoleEvents.roleDelete(guildId, role.id()))));
    }

    /** Inserts {@code role} at position 1 of the guild {@code access} was read from; 400 30005 at the cap. */
    Mono<RoleData> insert(GuildAccess access, RoleStore.NewRole role) {
        if (access.roles().size() >= RoleService.MAX_ROLES) {
            throw GuildErrors.tooManyRoles(RoleService.MAX_ROLES);
        }
        Snowflake guildId = access.guild().id();
        List<GuildRole> roles =
                access.roles().stream().map(RoleData::forPermissions).toList();
        Map<Long, Integer> moves = RoleOrder.changed(roles, RoleOrder.aboveANewRole(roles, guildId.value()));
        Mono<List<RoleData>> moved = moves.isEmpty()
                ? Mono.just(List.of())
                : store.reposition(guildId, moves).collectList();
        return moved.flatMap(movedRoles -> store.insert(guildId, role).flatMap(inserted -> {
            List<DomainEvent> events = new ArrayList<>();
            events.add(RoleEvents.roleCreate(guildId, inserted));
            movedRoles.stream()
                    .sorted(Comparator.comparing(RoleData::forPermissions, RoleOrder.BOTTOM_FIRST))
                    .forEach(movedRole -> events.add(RoleEvents.roleUpdate(guildId, movedRole)));
            return outbox.appendAll(events).thenReturn(inserted);
        }));
    }
}
