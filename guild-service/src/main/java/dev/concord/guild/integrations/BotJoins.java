package dev.concord.guild.integrations;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.guild.roles.BotRoles;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Adding an application's bot to a guild, as OAuth2's {@code bot} scope does once a person consents: the
 * person needs MANAGE_GUILD and may only grant permissions they hold. The bot gets a managed role with
 * those permissions (none when they are 0) and becomes a member; the application's integration records
 * who added it and with which scopes. Authorizing a bot already in the guild changes only its role's
 * permissions and the integration.
 */
@Service
public final class BotJoins {

    private final GuildAccesses accesses;
    private final GuildJoins joins;
    private final BotRoles roles;
    private final IntegrationStore store;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;

    BotJoins(
            GuildAccesses accesses,
            GuildJoins joins,
            BotRoles roles,
            IntegrationStore store,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            JsonMapper mapper,
            Clock clock) {
        this.accesses = accesses;
        this.joins = joins;
        this.roles = roles;
        this.store = store;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** What the authorization did: the integration as now stored, and whether the bot joined just now. */
    public record Added(ObjectNode integration, boolean joined) {}

    /**
     * Adds the request's bot to the guild for the person named in it: 404 10004 for no such guild, 403
     * 50001 when they are not a member, 403 50013 without MANAGE_GUILD or a permission they would grant.
     */
    Mono<Added> add(Snowflake guildId, BotJoinRequest request) {
        BotJoinRequest.IntegrationApplication application = Objects.requireNonNull(request.application());
        Snowflake botId = Objects.requireNonNull(application.botId());
        Snowflake adderId = Objects.requireNonNull(request.userId());
        long permissions = request.permissionBits();
        Mono<Added> added = accesses.load(guildId, adderId, true).flatMap(access -> {
            Instant now = clock.instant();
            access.require(Permission.MANAGE_GUILD, now).requireHeld(permissions, now);
            return Mono.zip(users.require(botId), users.require(adderId)).flatMap(found -> {
                PartialUser bot = found.getT1();
                Map<Snowflake, PartialUser> known = Map.of(botId, bot, adderId, found.getT2());
                return joins.isMember(guildId, botId)
                        .flatMap(member -> member
                                ? roles.regrant(guildId, botId, permissions).thenReturn(false)
                                : join(access, bot, permissions).thenReturn(true))
                        .flatMap(joined -> putIntegration(guildId, request, known)
                                .map(integration -> new Added(integration, joined)));
            });
        });
        return transactions.transactional(added);
    }

    /** The bot's role, if it is to have one, then its member row: GUILD_CREATE to it, GUILD_MEMBER_ADD. */
    private Mono<Void> join(GuildAccess access, PartialUser bot, long permissions) {
        Snowflake guildId = access.guild().id();
        Mono<List<Snowflake>> role = permissions == 0
                ? Mono.just(List.of())
                : roles.create(access, bot.id(), bot.username(), permissions).map(created -> List.of(created.id()));
        return role.flatMap(roleIds -> joins.joinBot(guildId, bot.id(), roleIds))
                .then();
    }

    private Mono<ObjectNode> putIntegration(
            Snowflake guildId, BotJoinRequest request, Map<Snowflake, PartialUser> known) {
        return store.putApplication(ids.next(), guildId, request).flatMap(row -> {
            ObjectNode integration = row.toJson(mapper, known);
            return outbox.appendAll(List.of(
                            IntegrationEvents.put(guildId, integration.deepCopy(), row.inserted()),
                            IntegrationEvents.guildIntegrationsUpdate(guildId)))
                    .thenReturn(integration);
        });
    }
}
