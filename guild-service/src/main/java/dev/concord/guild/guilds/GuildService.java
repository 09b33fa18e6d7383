package dev.concord.guild.guilds;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.GuildErrors;
import dev.concord.guild.ImageData;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.guild.discovery.DiscoveryRequirements;
import dev.concord.guild.emojis.GuildEmojis;
import dev.concord.guild.guilds.GuildStore.Membership;
import dev.concord.guild.guilds.GuildStore.RoleRow;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Creating guilds and reading them; a change and its events commit together or not at all. */
@Service
final class GuildService {

    private final GuildStore store;
    private final AccessStore rows;
    private final ChannelStore channels;
    private final GuildAccesses accesses;
    private final GuildJoins joins;
    private final GuildEmojis emojis;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;
    private final DiscoveryRequirements discovery;

    GuildService(
            GuildStore store,
            AccessStore rows,
            ChannelStore channels,
            GuildAccesses accesses,
            GuildJoins joins,
            GuildEmojis emojis,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock,
            DiscoveryRequirements discovery) {
        this.store = store;
        this.rows = rows;
        this.channels = channels;
        this.accesses = accesses;
        this.joins = joins;
        this.emojis = emojis;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
        this.discovery = discovery;
    }

    /** Creates the guild with the starter layout; the creator becomes its owner and first member. */
    Mono<GuildData> create(Snowflake ownerId, GuildCreateRequest request) {
        Snowflake guildId = ids.next();
        StarterLayout layout = StarterLayout.forGuild(guildId, ids);
        String iconHash = ImageData.hash(request.icon().orNull());
        Mono<GuildData> created = joins.checkLimit(ownerId)
                .then(store.insertGuild(guildId, ownerId, request, iconHash, layout.systemChannelId()))
                .then(store.insertRole(guildId, layout.everyone()))
                .then(store.insertChannels(guildId, layout.channels()))
                .then(joins.addMember(guildId, ownerId, List.of(), 0))
                .map(GuildJoins.Joined::guild);
        return transactions.transactional(created);
    }

    /** The guild, for one of its members; 404 when it does not exist, 403 50001 for anyone else. */
    Mono<GuildData> get(Snowflake guildId, Snowflake userId, boolean withCounts) {
        return accesses.load(guildId, userId, false)
                .zipWith(emojis.of(guildId))
                .map(found -> GuildData.of(found.getT1().guild(), found.getT1().roles(), found.getT2(), withCounts));
    }

    /**
     * Applies a validated PATCH for a member with MANAGE_GUILD (ownership moves only by the owner). A
     * PATCH that changes nothing writes and publishes nothing.
     */
    Mono<GuildData> modify(Snowflake guildId, Snowflake userId, GuildModifyRequest request) {
        Mono<GuildData> change = accesses.load(guildId, userId, true)
                .map(access -> access.require(Permission.MANAGE_GUILD, clock.instant()))
                .flatMap(access -> discoveryAllowed(access.guild(), request).thenReturn(access))
                .flatMap(access -> Mono.zip(
                                channels.types(guildId), newOwnerIsMember(guildId, request), emojis.of(guildId))
                        .flatMap(context -> {
                            List<ColumnChanges.Change> changes =
                                    GuildChanges.of(request, access, context.getT1(), context.getT2(), clock.instant());
                            if (changes.isEmpty()) {
                                return Mono.just(GuildData.of(access.guild(), access.roles(), context.getT3(), false));
                            }
                            return store.update(guildId, changes)
                                    .then(rows.find(guildId))
                                    .map(guild -> GuildData.of(guild, access.roles(), context.getT3(), false))
                                    .flatMap(guild -> outbox.append(GuildEvents.guildUpdate(guild))
                                            .thenReturn(guild));
                        }));
        return transactions.transactional(change);
    }

    /** Turning discovery on needs the guild to meet its requirements already (GET .../discovery-requirements). */
    private Mono<Void> discoveryAllowed(GuildRow guild, GuildModifyRequest request) {
        List<String> features = request.features().orNull();
        if (features == null
                || !features.contains("DISCOVERABLE")
                || guild.features().contains("DISCOVERABLE")) {
            return Mono.empty();
        }
        return discovery
                .sufficient(guild)
                .flatMap(met -> met ? Mono.<Void>empty() : Mono.error(GuildErrors.discoveryRequirementsNotMet()));
    }

    /** Deletes the guild: its owner only. Every member's sessions lose it. */
    Mono<Void> delete(Snowflake guildId, Snowflake userId) {
        Mono<Void> deletion = accesses.load(guildId, userId, true)
                .map(GuildAccess::requireOwner)
                .then(store.memberIds(guildId))
                .flatMap(members ->
                        store.delete(guildId).then(outbox.append(GuildEvents.guildDelete(guildId, members))));
        return transactions.transactional(deletion);
    }

    /** The user leaves the guild; its owner cannot (they delete it or hand it over first). */
    Mono<Void> leave(Snowflake guildId, Snowflake userId) {
        Mono<Void> leaving = rows.findForUpdate(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .flatMap(guild -> guild.ownerId().equals(userId)
                        ? Mono.error(GuildErrors.invalidGuild())
                        : joins.remove(guildId, userId)
                                .flatMap(removed ->
                                        removed ? Mono.<Void>empty() : Mono.error(ApiErrors.unknown(Unknown.GUILD))));
        return transactions.transactional(leaving);
    }

    private Mono<Boolean> newOwnerIsMember(Snowflake guildId, GuildModifyRequest request) {
        if (!request.ownerId().isPresent()) {
            return Mono.just(false);
        }
        return rows.member(guildId, request.ownerId().get()).hasElement();
    }

    /** A page of the user's guilds in id order, each with what the user may do in it. */
    Mono<List<PartialGuildData>> guildsOf(
            Snowflake userId, @Nullable Snowflake before, @Nullable Snowflake after, int limit, boolean withCounts) {
        return store.guildsOf(userId, before, after, limit).collectList().flatMap(memberships -> {
            if (memberships.isEmpty()) {
                return Mono.just(List.of());
            }
            List<Snowflake> guildIds =
                    memberships.stream().map(m -> m.guild().id()).toList();
            return store.rolesOf(guildIds)
                    .collect(Collectors.groupingBy(
                            RoleRow::guildId, Collectors.mapping(RoleRow::forPermissions, Collectors.toList())))
                    .map(rolesByGuild -> memberships.stream()
                            .map(m -> partial(m, rolesByGuild, userId, withCounts))
                            .toList());
        });
    }

    private PartialGuildData partial(
            Membership membership, Map<Snowflake, List<GuildRole>> rolesByGuild, Snowflake userId, boolean withCounts) {
        GuildRow guild = membership.guild();
        GuildPermissions permissions = new GuildPermissions(
                guild.id().value(), guild.ownerId().value(), rolesByGuild.getOrDefault(guild.id(), List.of()));
        return PartialGuildData.of(
                guild,
                guild.ownerId().equals(userId),
                permissions.base(membership.member().forPermissions(), clock.instant()),
                withCounts);
    }
}
