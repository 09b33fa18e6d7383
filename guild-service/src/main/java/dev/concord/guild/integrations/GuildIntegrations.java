package dev.concord.guild.integrations;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.guild.roles.BotRoles;
import dev.concord.guild.roles.IntegrationRoles;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A guild's integrations as its managers (MANAGE_GUILD) see and change them: listed, a streaming account
 * linked (with its managed subscriber role), its settings changed, removed (a streaming account's role goes;
 * an application's bot is kicked and, through INTEGRATION_DELETE, webhook-service drops its webhooks), and
 * applications moved to the commands scope. Each change locks the guild's row and writes its events in
 * the same transaction; a refused request changes nothing.
 */
@Service
final class GuildIntegrations {

    private final IntegrationStore store;
    private final GuildAccesses accesses;
    private final StreamingAccounts provider;
    private final IntegrationRoles roles;
    private final BotRoles botRoles;
    private final GuildJoins joins;
    private final UserDirectory users;
    private final ApplicationRoleConnections applicationRoleConnections;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;

    GuildIntegrations(
            IntegrationStore store,
            GuildAccesses accesses,
            StreamingAccounts provider,
            IntegrationRoles roles,
            BotRoles botRoles,
            GuildJoins joins,
            UserDirectory users,
            ApplicationRoleConnections applicationRoleConnections,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            JsonMapper mapper,
            Clock clock) {
        this.store = store;
        this.accesses = accesses;
        this.provider = provider;
        this.roles = roles;
        this.botRoles = botRoles;
        this.joins = joins;
        this.users = users;
        this.applicationRoleConnections = applicationRoleConnections;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** {@code GET /guilds/{guild.id}/integrations}; {@code commandsOnly} for {@code has_commands}. */
    Mono<List<ObjectNode>> list(Snowflake guildId, Snowflake userId, boolean commandsOnly, boolean roleConnections) {
        return managed(guildId, userId, false)
                .thenMany(store.list(guildId, commandsOnly))
                .collectList()
                .flatMap(rows -> roleConnections
                        ? applicationRoleConnections
                                .of(rows.stream()
                                        .map(IntegrationRow::applicationId)
                                        .filter(Objects::nonNull)
                                        .toList())
                                .flatMap(metadata -> shownRows(rows, metadata))
                        : shownRows(rows, null));
    }

    /**
     * Links a streaming account: 400 at {@code id} when the service has no such account or the guild has it
     * already. The account is looked up before the guild is locked, so no lock waits on the provider.
     */
    Mono<Void> create(Snowflake guildId, Snowflake userId, IntegrationCreateRequest request) {
        StreamingService service = request.service();
        Mono<Void> creation = managed(guildId, userId, false)
                .then(provider.find(service, request.accountId()))
                .flatMap(found -> {
                    StreamingAccounts.Account account = found.orElseThrow(() ->
                            accountError("INTEGRATION_ACCOUNT_UNKNOWN", "Unknown " + service.wireName() + " account."));
                    return transactions.transactional(managed(guildId, userId, true)
                            .flatMap(access -> store.hasAccount(guildId, service, account.id())
                                    .flatMap(exists -> {
                                        if (exists) {
                                            return Mono.error(accountError(
                                                    "INTEGRATION_ALREADY_EXISTS",
                                                    "This account is already integrated with the guild."));
                                        }
                                        return link(access, service, account, userId);
                                    })));
                });
        return creation.then();
    }

    private Mono<Void> link(
            GuildAccess access, StreamingService service, StreamingAccounts.Account account, Snowflake userId) {
        Snowflake guildId = access.guild().id();
        Snowflake integrationId = ids.next();
        return roles.create(access, ids.next(), integrationId, account.name())
                .flatMap(role -> store.insertStreaming(integrationId, guildId, service, account, role.id(), userId))
                .flatMap(row -> announce(row, true));
    }

    /** Changes a streaming integration's settings; {@code enable_emoticons} only for a livestream. */
    Mono<Void> modify(Snowflake guildId, Snowflake integrationId, Snowflake userId, IntegrationModifyRequest request) {
        Mono<Void> change = managed(guildId, userId, true)
                .then(existing(guildId, integrationId))
                .flatMap(row -> {
                    StreamingService service = row.service();
                    Violations v = new Violations();
                    if (service == null) {
                        for (String field : List.of("expire_behavior", "expire_grace_period", "enable_emoticons")) {
                            if (sent(request, field)) {
                                v.add(field, "BASE_TYPE_INVALID", "Not available for this integration type.");
                            }
                        }
                    } else if (!service.hasEmoticons()
                            && request.enableEmoticons().isPresent()) {
                        v.add("enable_emoticons", "BASE_TYPE_INVALID", "Not available for this integration type.");
                    }
                    v.throwIfAny();
                    IntegrationRow.Streaming now = row.streaming();
                    IntegrationRow.Streaming next = new IntegrationRow.Streaming(
                            now.roleId(),
                            now.syncing(),
                            request.enableEmoticons().orElse(now.enableEmoticons()),
                            request.expireBehavior().orElse(now.expireBehavior()),
                            request.expireGracePeriod().orElse(now.expireGracePeriod()),
                            now.syncedAt(),
                            now.subscriberCount(),
                            now.revoked());
                    if (next.equals(now)) {
                        return Mono.empty();
                    }
                    return store.updateSettings(
                                    row.id(), next.expireBehavior(), next.expireGracePeriod(), next.enableEmoticons())
                            .flatMap(updated -> announce(updated, false));
                });
        return transactions.transactional(change);
    }

    private static boolean sent(IntegrationModifyRequest request, String field) {
        return switch (field) {
            case "expire_behavior" -> request.expireBehavior().isPresent();
            case "expire_grace_period" -> request.expireGracePeriod().isPresent();
            default -> request.enableEmoticons().isPresent();
        };
    }

    /**
     * Removes the integration: a streaming account's role goes (GUILD_ROLE_DELETE); an application's bot
     * loses its role and leaves (GUILD_MEMBER_REMOVE), and INTEGRATION_DELETE names the application, which
     * is how webhook-service learns to delete its webhooks in the guild.
     */
    Mono<Void> delete(Snowflake guildId, Snowflake integrationId, Snowflake userId) {
        Mono<Void> deletion = managed(guildId, userId, true)
                .then(existing(guildId, integrationId))
                .flatMap(row -> {
                    Snowflake roleId = row.streaming().roleId();
                    Snowflake botId = row.botId();
                    Mono<Void> leaving = Mono.empty();
                    if (roleId != null) {
                        leaving = roles.delete(guildId, roleId);
                    } else if (botId != null) {
                        leaving = botRoles.delete(guildId, botId)
                                .then(joins.remove(guildId, botId))
                                .then();
                    }
                    return store.delete(row.id())
                            .then(leaving)
                            .then(outbox.appendAll(List.of(
                                    IntegrationEvents.delete(row, row.applicationId()),
                                    IntegrationEvents.guildIntegrationsUpdate(guildId))));
                });
        return transactions.transactional(deletion);
    }

    /**
     * {@code POST /guilds/{guild.id}/migrate-command-scope}: every application of the guild is granted
     * {@code applications.commands} (INTEGRATION_UPDATE for each changed); answers the ids of the guild's
     * application integrations, all of which may now have commands.
     */
    Mono<List<Snowflake>> migrateCommandScope(Snowflake guildId, Snowflake userId) {
        Mono<List<Snowflake>> migration = managed(guildId, userId, true)
                .thenMany(store.grantCommands(guildId))
                .collectList()
                .flatMap(changed -> shownRows(changed).flatMap(shown -> {
                    List<DomainEvent> events = new ArrayList<>();
                    shown.forEach(json -> events.add(IntegrationEvents.put(guildId, json, false)));
                    events.add(IntegrationEvents.guildIntegrationsUpdate(guildId));
                    return outbox.appendAll(events);
                }))
                .thenMany(store.list(guildId, true))
                .map(IntegrationRow::id)
                .collectList();
        return transactions.transactional(migration);
    }

    /** {@code GET /users/@me/guilds/integration-application-ids}: each of the caller's guilds with applications. */
    Mono<Map<String, List<String>>> applicationIds(Snowflake userId) {
        return store.applicationsOfMember(userId).collectList().map(rows -> {
            Map<String, List<String>> byGuild = new LinkedHashMap<>();
            rows.forEach(row -> byGuild.computeIfAbsent(row.guildId().asString(), guild -> new ArrayList<>())
                    .add(row.applicationId().asString()));
            return byGuild;
        });
    }

    /** INTEGRATION_CREATE or INTEGRATION_UPDATE with the integration as shown, and GUILD_INTEGRATIONS_UPDATE. */
    Mono<Void> announce(IntegrationRow row, boolean created) {
        return shownRows(List.of(row))
                .flatMap(shown -> outbox.appendAll(List.of(
                        IntegrationEvents.put(row.guildId(), shown.get(0), created),
                        IntegrationEvents.guildIntegrationsUpdate(row.guildId()))));
    }

    private Mono<List<ObjectNode>> shownRows(List<IntegrationRow> rows) {
        return shownRows(rows, null);
    }

    /** The rows as the platform shows them; with each application's role connections when given. */
    private Mono<List<ObjectNode>> shownRows(
            List<IntegrationRow> rows, @Nullable Map<Snowflake, JsonNode> roleConnections) {
        Set<Snowflake> shownUsers = new LinkedHashSet<>();
        rows.forEach(row -> shownUsers.addAll(row.shownUsers()));
        if (shownUsers.isEmpty()) {
            return Mono.just(rows.stream()
                    .map(row -> row.toJson(mapper, Map.of(), roleConnections))
                    .toList());
        }
        return users.require(shownUsers).map(known -> rows.stream()
                .map(row -> row.toJson(mapper, known, roleConnections))
                .toList());
    }

    /** The guild as a member with MANAGE_GUILD acts in it (404 10004, 403 50001 / 50013 otherwise). */
    Mono<GuildAccess> managed(Snowflake guildId, Snowflake userId, boolean lock) {
        return accesses.load(guildId, userId, lock)
                .map(access -> access.require(Permission.MANAGE_GUILD, clock.instant()));
    }

    /** The guild's integration; 404 10005 Unknown Integration otherwise. */
    Mono<IntegrationRow> existing(Snowflake guildId, Snowflake integrationId) {
        return store.find(guildId, integrationId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.INTEGRATION)));
    }

    private static RuntimeException accountError(String code, String message) {
        return new Violations().add("id", code, message).toException();
    }
}
