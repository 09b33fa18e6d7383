package dev.concord.guild.guilds;

import dev.concord.guild.guilds.GuildStore.MembershipRow;
import dev.concord.guild.guilds.GuildStore.RoleRow;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Creating guilds and reading them; a change and its events commit together or not at all. */
@Service
final class GuildService {

    /** How many guilds one user may be in, as on the platform for an account without a subscription. */
    static final int MAX_GUILDS_PER_USER = 100;

    private final GuildStore store;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;

    GuildService(GuildStore store, UserDirectory users, Outbox outbox, TransactionalOperator transactions,
            SnowflakeGenerator ids, JsonMapper mapper, Clock clock) {
        this.store = store;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** Creates the guild with the starter layout; the creator becomes its owner and first member. */
    Mono<GuildData> create(Snowflake ownerId, GuildCreateRequest request) {
        Snowflake guildId = ids.next();
        StarterLayout layout = StarterLayout.forGuild(guildId, ids);
        String iconHash = ImageData.hash(request.icon().orElse(null));
        Mono<GuildData> created = store.countGuildsOf(ownerId)
                .flatMap(count -> count >= MAX_GUILDS_PER_USER ? Mono.error(tooManyGuilds()) : Mono.empty())
                .then(store.insertGuild(guildId, ownerId, request, iconHash, layout.systemChannelId()))
                .then(store.insertRole(guildId, layout.everyone()))
                .then(store.insertChannels(guildId, layout.channels()))
                .then(store.insertMember(guildId, ownerId))
                .then(publishGuildCreate(guildId, ownerId));
        return transactions.transactional(created);
    }

    /** The guild, for one of its members; 404 when it does not exist, 403 50001 for anyone else. */
    Mono<GuildData> get(Snowflake guildId, Snowflake userId, boolean withCounts) {
        return store.find(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .flatMap(guild -> store.member(guildId, userId)
                        .switchIfEmpty(Mono.error(ApiErrors::missingAccess))
                        .then(store.roles(guildId).map(RoleRow::data).collectList())
                        .map(roles -> GuildData.of(guild, roles, withCounts)));
    }

    /** A page of the user's guilds in id order, each with what the user may do in it. */
    Mono<List<PartialGuildData>> guildsOf(Snowflake userId, Snowflake before, Snowflake after, int limit,
            boolean withCounts) {
        return store.guildsOf(userId, before, after, limit).collectList().flatMap(memberships -> {
            if (memberships.isEmpty()) {
                return Mono.just(List.of());
            }
            List<Snowflake> guildIds = memberships.stream().map(m -> m.guild().id()).toList();
            return store.rolesOf(guildIds)
                    .collect(Collectors.groupingBy(RoleRow::guildId,
                            Collectors.mapping(RoleRow::forPermissions, Collectors.toList())))
                    .map(rolesByGuild -> memberships.stream()
                            .map(m -> partial(m, rolesByGuild, userId, withCounts))
                            .toList());
        });
    }

    private PartialGuildData partial(MembershipRow membership, Map<Snowflake, List<GuildRole>> rolesByGuild,
            Snowflake userId, boolean withCounts) {
        GuildRow guild = membership.guild();
        GuildPermissions permissions = new GuildPermissions(guild.id().value(), guild.ownerId().value(),
                rolesByGuild.getOrDefault(guild.id(), List.of()));
        GuildMember member = new GuildMember(userId.value(), membership.roleIds(), membership.communicationDisabledUntil());
        return PartialGuildData.of(guild, guild.ownerId().equals(userId), permissions.base(member, clock.instant()),
                withCounts);
    }

    /** Reads back what was written (one statement at a time: they share the transaction's connection). */
    private Mono<GuildData> publishGuildCreate(Snowflake guildId, Snowflake userId) {
        return store.find(guildId).flatMap(row -> store.roles(guildId).map(RoleRow::data).collectList()
                .flatMap(roles -> store.channels(guildId).collectList()
                        .flatMap(channels -> memberData(guildId, userId)
                                .flatMap(member -> {
                                    GuildData guild = GuildData.of(row, roles, false);
                                    return outbox.append(GuildEvents.guildCreate(mapper, guild, channels, member,
                                                    row.memberCount()))
                                            .thenReturn(guild);
                                }))));
    }

    private Mono<MemberData> memberData(Snowflake guildId, Snowflake userId) {
        return store.member(guildId, userId).flatMap(member -> user(userId).map(user -> new MemberData(user,
                member.nick(), member.avatar(), Arrays.stream(member.roleIds()).mapToObj(Snowflake::of).toList(),
                member.joinedAt(), member.premiumSince(), member.deaf(), member.mute(), member.flags(), member.pending(),
                member.communicationDisabledUntil())));
    }

    /** The user as the identity replica knows them; only the id while their USER_CREATE is in flight. */
    private Mono<PartialUser> user(Snowflake userId) {
        return users.find(userId).defaultIfEmpty(new PartialUser(userId, null, null, null, null, 0, false));
    }

    private static ApiException tooManyGuilds() {
        return new ApiException(HttpStatus.BAD_REQUEST, 30001,
                "Maximum number of guilds reached (" + MAX_GUILDS_PER_USER + ")");
    }
}
