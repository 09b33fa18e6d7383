package dev.concord.guild.roles;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.RoleData;
import dev.concord.guild.channels.ChannelEvents;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildRole;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Adding and removing a guild's roles with their events, for members' requests ({@link RoleService}) and
 * bots' managed roles ({@link BotRoles}). New roles go in just above @everyone, at position 1, and every
 * other role moves up one, as the platform does. Callers own the transaction and hold the guild's row.
 */
@Component
final class RoleWrites {

    private final RoleStore store;
    private final ChannelStore channels;
    private final Outbox outbox;

    RoleWrites(RoleStore store, ChannelStore channels, Outbox outbox) {
        this.store = store;
        this.channels = channels;
        this.outbox = outbox;
    }

    /**
     * Inserts {@code role} at position 1 of the guild {@code access} was read from; 400 30005 at the cap.
     * GUILD_ROLE_CREATE for it, GUILD_ROLE_UPDATE for each role that moved.
     */
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

    /**
     * Deletes the role: members lose it and channels lose its overwrites (CHANNEL_UPDATE for each), then
     * GUILD_ROLE_DELETE.
     */
    Mono<Void> remove(Snowflake guildId, Snowflake roleId) {
        return store.delete(guildId, roleId)
                .collectList()
                .flatMap(cleared -> ChannelEvents.updates(channels, cleared))
                .flatMap(outbox::appendAll)
                .then(outbox.append(RoleEvents.roleDelete(guildId, roleId)));
    }
}
