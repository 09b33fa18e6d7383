package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The {@code integrations} table; each method is one statement. */
@Component
final class IntegrationStore {

    /** The platform's type for an application's integration. */
    static final String APPLICATION_TYPE = "discord";

    /** The scope of an application that may have commands in the guild. */
    static final String COMMANDS_SCOPE = "applications.commands";

    private static final String RETURNING = " RETURNING *, false AS inserted";

    private final DatabaseClient db;
    private final JsonMapper mapper;

    IntegrationStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /**
     * The application's integration in the guild, made or (authorized again) brought up to date with the
     * application's name and the scopes now granted.
     */
    Mono<IntegrationRow> putApplication(Snowflake newId, Snowflake guildId, BotJoinRequest request) {
        BotJoinRequest.IntegrationApplication app = Objects.requireNonNull(request.application());
        Map<String, Object> application = IntegrationApplications.stored(app);
        return db.sql("""
                        INSERT INTO integrations (id, guild_id, type, name, account_id, account_name, application_id,
                                                  application, scopes, user_id)
                        VALUES (:id, :guild, :type, :name, :account, :name, :application_id, :application::jsonb,
                                :scopes, :user)
                        ON CONFLICT (guild_id, application_id) WHERE application_id IS NOT NULL DO UPDATE
                        SET name = EXCLUDED.name, account_name = EXCLUDED.account_name,
                            application = EXCLUDED.application, scopes = EXCLUDED.scopes,
                            user_id = EXCLUDED.user_id, enabled = true
                        RETURNING *, (xmax = 0) AS inserted""")
                .bind("id", newId.value())
                .bind("guild", guildId.value())
                .bind("type", APPLICATION_TYPE)
                .bind("name", String.valueOf(app.name()))
                .bind("account", String.valueOf(app.id()))
                .bind("application_id", Objects.requireNonNull(app.id()).value())
                .bind("application", mapper.writeValueAsString(application))
                .bind("scopes", Objects.requireNonNull(request.scopes()).toArray(String[]::new))
                .bind("user", Objects.requireNonNull(request.userId()).value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    /** Deletes the application's integrations, answering them as they were. */
    Flux<IntegrationRow> deleteApplication(Snowflake applicationId) {
        return db.sql("DELETE FROM integrations WHERE application_id = :application RETURNING *, false AS inserted")
                .bind("application", applicationId.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .all();
    }

    /**
     * The guild's integrations, oldest first; with {@code commandsOnly} only applications that may have
     * commands there (granted {@code applications.commands}).
     */
    Flux<IntegrationRow> list(Snowflake guildId, boolean commandsOnly) {
        String commands = commandsOnly ? " AND application_id IS NOT NULL AND :scope = ANY (scopes)" : "";
        DatabaseClient.GenericExecuteSpec select = db.sql(
                        "SELECT *, false AS inserted FROM integrations WHERE guild_id = :guild" + commands
                                + " ORDER BY id")
                .bind("guild", guildId.value());
        if (commandsOnly) {
            select = select.bind("scope", COMMANDS_SCOPE);
        }
        return select.map(row -> IntegrationRow.read(row, mapper)).all();
    }

    Mono<IntegrationRow> find(Snowflake guildId, Snowflake id) {
        return db.sql("SELECT *, false AS inserted FROM integrations WHERE guild_id = :guild AND id = :id")
                .bind("guild", guildId.value())
                .bind("id", id.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    /** The integration, in whichever guild it is. */
    Mono<IntegrationRow> findAny(Snowflake id) {
        return db.sql("SELECT *, false AS inserted FROM integrations WHERE id = :id")
                .bind("id", id.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    /** Whether the guild already has an integration of this streaming account. */
    Mono<Boolean> hasAccount(Snowflake guildId, StreamingService service, String accountId) {
        return db.sql("""
                        SELECT 1 FROM integrations
                        WHERE guild_id = :guild AND type = :type AND account_id = :account AND application_id IS NULL""")
                .bind("guild", guildId.value())
                .bind("type", service.wireName())
                .bind("account", accountId)
                .map(row -> 1)
                .first()
                .hasElement();
    }

    /** A streaming account's new integration, with its subscriber role, added by {@code userId}. */
    Mono<IntegrationRow> insertStreaming(
            Snowflake id,
            Snowflake guildId,
            StreamingService service,
            StreamingAccounts.Account account,
            Snowflake roleId,
            Snowflake userId) {
        return db.sql("""
                        INSERT INTO integrations (id, guild_id, type, name, account_id, account_name, role_id, user_id)
                        VALUES (:id, :guild, :type, :name, :account, :name, :role, :user)
                        RETURNING *, true AS inserted""")
                .bind("id", id.value())
                .bind("guild", guildId.value())
                .bind("type", service.wireName())
                .bind("name", account.name())
                .bind("account", account.id())
                .bind("role", roleId.value())
                .bind("user", userId.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    /** A streaming integration's settings as {@code PATCH} leaves them. */
    Mono<IntegrationRow> updateSettings(
            Snowflake id, int expireBehavior, int expireGracePeriod, boolean enableEmoticons) {
        return db.sql("UPDATE integrations SET expire_behavior = :behavior, expire_grace_period = :grace,"
                        + " enable_emoticons = :emoticons WHERE id = :id" + RETURNING)
                .bind("behavior", expireBehavior)
                .bind("grace", expireGracePeriod)
                .bind("emoticons", enableEmoticons)
                .bind("id", id.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    /** A sync finished: when, how many subscribe, and whether the provider still has the account. */
    Mono<IntegrationRow> synced(Snowflake id, Instant at, int subscriberCount, boolean revoked) {
        return db.sql("UPDATE integrations SET synced_at = :at, subscriber_count = :count, revoked = :revoked,"
                        + " syncing = false WHERE id = :id" + RETURNING)
                .bind("at", at.atOffset(ZoneOffset.UTC))
                .bind("count", subscriberCount)
                .bind("revoked", revoked)
                .bind("id", id.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    Mono<IntegrationRow> delete(Snowflake id) {
        return db.sql("DELETE FROM integrations WHERE id = :id" + RETURNING)
                .bind("id", id.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    /** Grants {@code applications.commands} to the guild's applications that lack it, answering those changed. */
    Flux<IntegrationRow> grantCommands(Snowflake guildId) {
        return db.sql("""
                        UPDATE integrations SET scopes = array_append(scopes, :scope)
                        WHERE guild_id = :guild AND application_id IS NOT NULL AND NOT (:scope = ANY (scopes))""" + RETURNING)
                .bind("scope", COMMANDS_SCOPE)
                .bind("guild", guildId.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .all();
    }

    /** One application integrated in one guild. */
    record GuildApplication(Snowflake guildId, Snowflake applicationId) {}

    /** The applications integrated in each guild {@code userId} is a member of, by guild then application. */
    Flux<GuildApplication> applicationsOfMember(Snowflake userId) {
        return db.sql("""
                        SELECT i.guild_id, i.application_id FROM integrations i
                        JOIN members m ON m.guild_id = i.guild_id AND m.user_id = :user
                        WHERE i.application_id IS NOT NULL
                        ORDER BY i.guild_id, i.application_id""")
                .bind("user", userId.value())
                .map(row -> new GuildApplication(
                        Snowflake.of(Objects.requireNonNull(row.get("guild_id", Long.class))),
                        Snowflake.of(Objects.requireNonNull(row.get("application_id", Long.class)))))
                .all();
    }

    /** Which of {@code userIds} are members of the guild. */
    Flux<Snowflake> membersAmong(Snowflake guildId, List<Snowflake> userIds) {
        return db.sql("SELECT user_id FROM members WHERE guild_id = :guild AND user_id = ANY (:users)")
                .bind("guild", guildId.value())
                .bind("users", userIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> Snowflake.of(Objects.requireNonNull(row.get("user_id", Long.class))))
                .all();
    }
}
