package dev.concord.guild.roles;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.GuildErrors;
import dev.concord.guild.ImageData;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's roles: members read them; members with MANAGE_ROLES make, edit, move and delete the roles
 * below their own highest one, and may only hand out permissions they hold themselves.
 */
@Service
final class RoleService {

    /** How many roles a guild may have, @everyone included, as on the platform. */
    static final int MAX_ROLES = 250;
    /** The guild feature that role icons need; boost level 2 gives it on the platform. */
    static final String ROLE_ICONS = "ROLE_ICONS";

    private final RoleStore store;
    private final RoleWrites writes;
    private final GuildAccesses accesses;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    RoleService(
            RoleStore store,
            RoleWrites writes,
            GuildAccesses accesses,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.writes = writes;
        this.accesses = accesses;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    /** The guild's roles, bottom first, for its members. */
    Mono<List<RoleData>> list(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false).map(GuildAccess::roles);
    }

    /** One role of the guild, for its members; 404 10011 for a role it does not have. */
    Mono<RoleData> get(Snowflake guildId, Snowflake roleId, Snowflake userId) {
        return accesses.load(guildId, userId, false).map(access -> access.role(roleId));
    }

    /**
     * Creates a role just above @everyone, at position 1, and moves every other role up one, as the
     * platform does: GUILD_ROLE_CREATE for the new role, GUILD_ROLE_UPDATE for each role that moved.
     * Permissions default to @everyone's.
     */
    Mono<RoleData> create(Snowflake guildId, Snowflake userId, RoleRequest request) {
        Snowflake roleId = ids.next();
        Mono<RoleData> created = accesses.load(guildId, userId, true).flatMap(access -> {
            Instant now = clock.instant();
            access.require(Permission.MANAGE_ROLES, now);
            checkIcon(access.guild(), request);
            long permissions = request.permissions().isPresent()
                    ? request.permissionBits()
                    : access.permissions().everyone().permissions();
            access.requireHeld(permissions, now);
            RoleStore.NewRole role = new RoleStore.NewRole(
                    roleId,
                    request.name().orElse(RoleRequest.DEFAULT_NAME).strip(),
                    permissions,
                    request.requestedColor().orElse(0),
                    request.hoist().orElse(false),
                    ImageData.hash(Possible.valueOrNull(request.icon())),
                    Possible.valueOrNull(request.unicodeEmoji()),
                    1,
                    request.mentionable().orElse(false),
                    null);
            return writes.insert(access, role);
        });
        return transactions.transactional(created);
    }

    /** Edits a role below the member's highest one; a PATCH that changes nothing writes and publishes nothing. */
    Mono<RoleData> modify(Snowflake guildId, Snowflake roleId, Snowflake userId, RoleRequest request) {
        Mono<RoleData> change = accesses.load(guildId, userId, true).flatMap(access -> {
            Instant now = clock.instant();
            RoleData role = access.role(roleId);
            requireManageable(access, role, now);
            if (roleId.equals(guildId) && request.name().isPresent()) {
                throw GuildErrors.everyoneNameImmutable();
            }
            checkIcon(access.guild(), request);
            long current = Long.parseLong(role.permissions());
            if (request.permissions().isPresent()) {
                access.requireHeld(request.permissionBits() & ~current, now);
            }
            List<ColumnChanges.Change> changes = RoleChanges.of(request, role);
            if (changes.isEmpty()) {
                return Mono.just(role);
            }
            return store.update(roleId, changes)
                    .then(store.find(guildId, roleId))
                    .flatMap(updated -> outbox.append(RoleEvents.roleUpdate(guildId, updated))
                            .thenReturn(updated));
        });
        return transactions.transactional(change);
    }

    /**
     * Moves roles (see {@link RoleOrder}); answers with all the guild's roles. Every role whose number
     * changes gets a GUILD_ROLE_UPDATE.
     */
    Mono<List<RoleData>> reorder(Snowflake guildId, Snowflake userId, List<RolePosition> moves) {
        Mono<List<RoleData>> change = accesses.load(guildId, userId, true).flatMap(access -> {
            Instant now = clock.instant();
            access.require(Permission.MANAGE_ROLES, now);
            Map<Long, Integer> requested = requestedPositions(access, guildId, moves);
            List<GuildRole> roles =
                    access.roles().stream().map(RoleData::forPermissions).toList();
            Map<Long, Integer> positions = RoleOrder.reorder(roles, guildId.value(), requested);
            Map<Long, Integer> changed = RoleOrder.changed(roles, positions);
            requireMovable(access, roles, requested, positions, now);
            if (changed.isEmpty()) {
                return Mono.just(access.roles());
            }
            return store.reposition(guildId, changed).collectList().flatMap(moved -> outbox.appendAll(moved.stream()
                            .map(role -> RoleEvents.roleUpdate(guildId, role))
                            .toList())
                    .thenReturn(merged(access.roles(), moved)));
        });
        return transactions.transactional(change);
    }

    /**
     * Deletes a role below the member's highest one: members lose it and channels lose its overwrites
     * (CHANNEL_UPDATE for each). @everyone and managed roles cannot be deleted (400 50028).
     */
    Mono<Void> delete(Snowflake guildId, Snowflake roleId, Snowflake userId) {
        Mono<Void> deletion = accesses.load(guildId, userId, true).flatMap(access -> {
            RoleData role = access.role(roleId);
            if (roleId.equals(guildId) || role.managed()) {
                throw GuildErrors.invalidRole();
            }
            requireManageable(access, role, clock.instant());
            return writes.remove(guildId, roleId);
        });
        return transactions.transactional(deletion);
    }

    /** 403 50013 unless the member may edit {@code role}: MANAGE_ROLES and a highest role above it. */
    private static void requireManageable(GuildAccess access, RoleData role, Instant now) {
        if (!access.permissions().canManageRole(access.member(), role.forPermissions(), now)) {
            throw ApiErrors.missingPermissions();
        }
    }

    /** Role icons need the guild feature; clearing an icon never does. */
    private static void checkIcon(GuildRow guild, RoleRequest request) {
        if (request.asksForIcon() && !guild.features().contains(ROLE_ICONS)) {
            throw GuildErrors.roleIconsRequired(
                    Possible.valueOrNull(request.icon()) != null ? "icon" : "unicode_emoji");
        }
    }

    /** The moves by role id; each must name a role of the guild other than @everyone, once. */
    private static Map<Long, Integer> requestedPositions(
            GuildAccess access, Snowflake guildId, List<RolePosition> moves) {
        Set<Snowflake> known = new HashSet<>();
        access.roles().forEach(role -> known.add(role.id()));
        Violations violations = new Violations();
        Map<Long, Integer> requested = new HashMap<>();
        for (int i = 0; i < moves.size(); i++) {
            RolePosition move = moves.get(i);
            Violations item = violations.at(i);
            if (!known.contains(move.id())) {
                GuildErrors.unknownRole(item, "id");
            } else if (move.id().equals(guildId)) {
                GuildErrors.rolePositionImmutable(item);
            } else if (move.position() != null && requested.put(move.id().value(), move.position()) != null) {
                GuildErrors.roleMovedTwice(item);
            }
        }
        violations.throwIfAny();
        return requested;
    }

    /**
     * 403 50013 unless every role asked to move is one the member may manage and ends below the member's
     * highest role. Roles above it then keep their order, though renumbering may change their numbers.
     */
    private static void requireMovable(
            GuildAccess access,
            List<GuildRole> roles,
            Map<Long, Integer> requested,
            Map<Long, Integer> positions,
            Instant now) {
        if (access.isOwner()) {
            return;
        }
        Integer highest =
                positions.get(access.permissions().highestRole(access.member()).id());
        for (GuildRole role : roles) {
            if (requested.containsKey(role.id())
                    && (!access.permissions().canManageRole(access.member(), role, now)
                            || highest == null
                            || Objects.requireNonNull(positions.get(role.id())) >= highest)) {
                throw ApiErrors.missingPermissions();
            }
        }
    }

    /** All the roles, with the moved ones as they now are, bottom first. */
    private static List<RoleData> merged(List<RoleData> roles, List<RoleData> moved) {
        Map<Snowflake, RoleData> byId = new HashMap<>();
        roles.forEach(role -> byId.put(role.id(), role));
        moved.forEach(role -> byId.put(role.id(), role));
        List<RoleData> all = new ArrayList<>(byId.values());
        all.sort(Comparator.comparing(RoleData::forPermissions, RoleOrder.BOTTOM_FIRST));
        return all;
    }
}
