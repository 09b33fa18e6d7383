package dev.concord.guild.automod;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Guilds' auto moderation rules, and their incident actions, in PostgreSQL. */
@Component
final class AutoModerationStore {

    private static final TypeReference<List<RuleAction>> ACTIONS = new TypeReference<>() {};

    private final DatabaseClient db;
    private final JsonMapper mapper;

    AutoModerationStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /** The guild's rules, oldest first. */
    Flux<AutoModerationRule> list(Snowflake guildId) {
        return db.sql("SELECT * FROM auto_moderation_rules WHERE guild_id = :guild ORDER BY id")
                .bind("guild", guildId.value())
                .map(this::read)
                .all();
    }

    /** The guild's enabled rules, oldest first: those the enforcing service applies. */
    Flux<AutoModerationRule> enabled(Snowflake guildId) {
        return db.sql("SELECT * FROM auto_moderation_rules WHERE guild_id = :guild AND enabled ORDER BY id")
                .bind("guild", guildId.value())
                .map(this::read)
                .all();
    }

    Mono<AutoModerationRule> find(Snowflake guildId, Snowflake ruleId) {
        return db.sql("SELECT * FROM auto_moderation_rules WHERE guild_id = :guild AND id = :id")
                .bind("guild", guildId.value())
                .bind("id", ruleId.value())
                .map(this::read)
                .one();
    }

    Mono<Long> countOfType(Snowflake guildId, int triggerType) {
        return db.sql(
                        "SELECT count(*) AS n FROM auto_moderation_rules WHERE guild_id = :guild AND trigger_type = :type")
                .bind("guild", guildId.value())
                .bind("type", (short) triggerType)
                .map(row -> row.get("n", Long.class))
                .one();
    }

    Mono<Void> insert(AutoModerationRule rule) {
        return bind(db.sql("""
                        INSERT INTO auto_moderation_rules (id, guild_id, name, creator_id, event_type, trigger_type,
                            trigger_metadata, actions, enabled, exempt_roles, exempt_channels)
                        VALUES (:id, :guild, :name, :creator, :event, :trigger, :metadata, :actions, :enabled,
                            :roles, :channels)"""), rule).then();
    }

    /** Replaces the rule's changeable fields (its guild, creator and trigger type stay). */
    Mono<Void> update(AutoModerationRule rule) {
        return bind(db.sql("""
                        UPDATE auto_moderation_rules SET name = :name, event_type = :event, trigger_metadata = :metadata,
                            actions = :actions, enabled = :enabled, exempt_roles = :roles, exempt_channels = :channels
                        WHERE id = :id AND guild_id = :guild AND creator_id = :creator AND trigger_type = :trigger"""), rule).then();
    }

    Mono<Void> delete(AutoModerationRule rule) {
        return db.sql("DELETE FROM auto_moderation_rules WHERE id = :id")
                .bind("id", rule.id().value())
                .then();
    }

    /** Sets the guild's incident pauses; false when both were already so. */
    /** The guild's incidents data notes a raid detected (reported) at {@code at}. */
    Mono<Void> setRaidDetected(Snowflake guildId, Instant at) {
        return db.sql("UPDATE guilds SET raid_detected_at = :at WHERE id = :guild")
                .bind("at", at)
                .bind("guild", guildId.value())
                .fetch()
                .rowsUpdated()
                .then();
    }

    Mono<Boolean> setIncidentActions(
            Snowflake guildId, @Nullable Instant invitesDisabledUntil, @Nullable Instant dmsDisabledUntil) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                        UPDATE guilds SET invites_disabled_until = :invites, dms_disabled_until = :dms
                        WHERE id = :guild AND (invites_disabled_until IS DISTINCT FROM :invites
                            OR dms_disabled_until IS DISTINCT FROM :dms)""").bind("guild", guildId.value());
        spec = invitesDisabledUntil == null
                ? spec.bindNull("invites", Instant.class)
                : spec.bind("invites", invitesDisabledUntil);
        spec = dmsDisabledUntil == null ? spec.bindNull("dms", Instant.class) : spec.bind("dms", dmsDisabledUntil);
        return spec.fetch().rowsUpdated().map(updated -> updated > 0);
    }

    private DatabaseClient.GenericExecuteSpec bind(DatabaseClient.GenericExecuteSpec spec, AutoModerationRule rule) {
        return spec.bind("id", rule.id().value())
                .bind("guild", rule.guildId().value())
                .bind("name", rule.name())
                .bind("creator", rule.creatorId().value())
                .bind("event", (short) rule.eventType())
                .bind("trigger", (short) rule.triggerType())
                .bind("metadata", Json.of(mapper.writeValueAsString(rule.triggerMetadata())))
                .bind("actions", Json.of(mapper.writeValueAsString(rule.actions())))
                .bind("enabled", rule.enabled())
                .bind("roles", ids(rule.exemptRoles()))
                .bind("channels", ids(rule.exemptChannels()));
    }

    private AutoModerationRule read(Readable row) {
        return new AutoModerationRule(
                Columns.requiredSnowflake(row, "id"),
                Columns.requiredSnowflake(row, "guild_id"),
                row.get("name", String.class),
                Columns.requiredSnowflake(row, "creator_id"),
                Columns.integer(row, "event_type"),
                Columns.integer(row, "trigger_type"),
                mapper.readValue(json(row, "trigger_metadata"), TriggerMetadata.class),
                mapper.readValue(json(row, "actions"), ACTIONS),
                Columns.bool(row, "enabled"),
                snowflakes(Columns.longs(row, "exempt_roles")),
                snowflakes(Columns.longs(row, "exempt_channels")));
    }

    private static String json(Readable row, String column) {
        Json value = row.get(column, Json.class);
        return value == null ? "null" : value.asString();
    }

    private static Long[] ids(List<Snowflake> ids) {
        return ids.stream().map(Snowflake::value).toArray(Long[]::new);
    }

    private static List<Snowflake> snowflakes(long[] ids) {
        return Arrays.stream(ids).mapToObj(Snowflake::of).toList();
    }
}
