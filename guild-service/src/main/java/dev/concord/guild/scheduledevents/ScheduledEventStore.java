package dev.concord.guild.scheduledevents;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.postgresql.codec.Json;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The {@code scheduled_events} table; each method is one statement. */
@Component
final class ScheduledEventStore {

    private final DatabaseClient db;
    private final JsonMapper mapper;

    ScheduledEventStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    Mono<ScheduledEventRow> insert(ScheduledEventRow event) {
        return bindAll(db.sql("""
                        INSERT INTO scheduled_events (id, guild_id, channel_id, creator_id, name, description, image,
                                                      start_time, end_time, privacy_level, status, entity_type,
                                                      entity_id, location, recurrence_rule)
                        VALUES (:id, :guild, :channel, :creator, :name, :description, :image, :start, :end, :privacy,
                                :status, :entity_type, :entity, :location, :rule)
                        RETURNING *"""), event)
                .bind(
                        "creator",
                        Objects.requireNonNull(event.creatorId(), "a new event's creator")
                                .value())
                .map(row -> ScheduledEventRow.read(row, mapper))
                .one();
    }

    /** Writes every field of the event but its guild and creator, as they now are. */
    Mono<ScheduledEventRow> update(ScheduledEventRow event) {
        return bindAll(db.sql("""
                        UPDATE scheduled_events
                        SET channel_id = :channel, name = :name, description = :description, image = :image,
                            start_time = :start, end_time = :end, privacy_level = :privacy, status = :status,
                            entity_type = :entity_type, entity_id = :entity, location = :location,
                            recurrence_rule = :rule,
                            attended_at = CASE WHEN :status = 2 AND status <> 2 THEN now() ELSE attended_at END
                        WHERE id = :id AND guild_id = :guild
                        RETURNING *"""), event)
                .map(row -> ScheduledEventRow.read(row, mapper))
                .one();
    }

    private DatabaseClient.GenericExecuteSpec bindAll(DatabaseClient.GenericExecuteSpec sql, ScheduledEventRow event) {
        sql = sql.bind("id", event.id().value())
                .bind("guild", event.guildId().value())
                .bind("name", event.name())
                .bind("start", at(event.startTime()))
                .bind("privacy", event.privacyLevel())
                .bind("status", event.status())
                .bind("entity_type", event.entityType());
        sql = bindNullable(
                sql,
                "channel",
                event.channelId() == null ? null : event.channelId().value(),
                Long.class);
        sql = bindNullable(
                sql,
                "entity",
                event.entityId() == null ? null : event.entityId().value(),
                Long.class);
        sql = bindNullable(sql, "description", event.description(), String.class);
        sql = bindNullable(sql, "image", event.image(), String.class);
        sql = bindNullable(sql, "end", event.endTime() == null ? null : at(event.endTime()), OffsetDateTime.class);
        sql = bindNullable(sql, "location", event.location(), String.class);
        return bindNullable(
                sql,
                "rule",
                event.recurrenceRule() == null ? null : Json.of(mapper.writeValueAsString(event.recurrenceRule())),
                Json.class);
    }

    private static DatabaseClient.GenericExecuteSpec bindNullable(
            DatabaseClient.GenericExecuteSpec sql, String name, @Nullable Object value, Class<?> type) {
        return value == null ? sql.bindNull(name, type) : sql.bind(name, value);
    }

    Mono<ScheduledEventRow> find(Snowflake guildId, Snowflake eventId) {
        return db.sql("SELECT * FROM scheduled_events WHERE id = :id AND guild_id = :guild")
                .bind("id", eventId.value())
                .bind("guild", guildId.value())
                .map(row -> ScheduledEventRow.read(row, mapper))
                .one();
    }

    /** These events, whatever their status. */
    Flux<ScheduledEventRow> findAll(List<Snowflake> eventIds) {
        return db.sql("SELECT * FROM scheduled_events WHERE id = ANY(:ids)")
                .bind("ids", eventIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> ScheduledEventRow.read(row, mapper))
                .all();
    }

    /** The guild's events not yet over (scheduled or active), soonest first. */
    Flux<ScheduledEventRow> openOf(Snowflake guildId) {
        return openOf(List.of(guildId));
    }

    /** The events not yet over of these guilds, soonest first. */
    Flux<ScheduledEventRow> openOf(List<Snowflake> guildIds) {
        return db.sql("""
                        SELECT * FROM scheduled_events WHERE guild_id = ANY(:guilds) AND status IN (1, 2)
                        ORDER BY start_time, id""")
                .bind("guilds", guildIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> ScheduledEventRow.read(row, mapper))
                .all();
    }

    /**
     * Claims events whose time has come (rows another instance holds are skipped): external events due
     * to start or end, stage and voice events not started by {@code cancelBefore}.
     */
    Flux<ScheduledEventRow> claimDue(Instant now, Instant cancelBefore, int limit) {
        return db.sql("""
                        SELECT * FROM scheduled_events
                        WHERE (status = 1 AND entity_type = 3 AND start_time <= :now)
                           OR (status = 1 AND entity_type <> 3 AND start_time <= :cancel_before)
                           OR (status = 2 AND entity_type = 3 AND end_time <= :now)
                        ORDER BY start_time LIMIT :limit FOR UPDATE SKIP LOCKED""")
                .bind("now", at(now))
                .bind("cancel_before", at(cancelBefore))
                .bind("limit", limit)
                .map(row -> ScheduledEventRow.read(row, mapper))
                .all();
    }

    /** Notes that someone was at the active events held in the channel just now. */
    Mono<Void> attended(Snowflake channelId) {
        return db.sql("UPDATE scheduled_events SET attended_at = now() WHERE channel_id = :channel AND status = 2")
                .bind("channel", channelId.value())
                .then();
    }

    /**
     * Claims active stage and voice events nobody was seen at since {@code cutoff} (since they started, for
     * those nobody came to), skipping rows another instance holds.
     */
    Flux<ScheduledEventRow> claimUnattended(Instant cutoff, int limit) {
        return db.sql("""
                        SELECT * FROM scheduled_events
                        WHERE status = 2 AND entity_type IN (1, 2) AND coalesce(attended_at, start_time) <= :cutoff
                        ORDER BY id LIMIT :limit FOR UPDATE SKIP LOCKED""")
                .bind("cutoff", at(cutoff))
                .bind("limit", limit)
                .map(row -> ScheduledEventRow.read(row, mapper))
                .all();
    }

    Mono<Long> countOpen(Snowflake guildId) {
        return db.sql("SELECT count(*) FROM scheduled_events WHERE guild_id = :guild AND status IN (1, 2)")
                .bind("guild", guildId.value())
                .map(row -> row.get(0, Long.class))
                .one();
    }

    Mono<Boolean> delete(Snowflake eventId) {
        return db.sql("DELETE FROM scheduled_events WHERE id = :id")
                .bind("id", eventId.value())
                .fetch()
                .rowsUpdated()
                .map(deleted -> deleted > 0);
    }

    /** Deletes the events held in a channel; answers them as they were. */
    Flux<ScheduledEventRow> deleteOfChannel(Snowflake channelId) {
        return db.sql("DELETE FROM scheduled_events WHERE channel_id = :channel RETURNING *")
                .bind("channel", channelId.value())
                .map(row -> ScheduledEventRow.read(row, mapper))
                .all();
    }

    /** How many users are interested in each of these events (those with none left out). */
    Mono<Map<Snowflake, Integer>> userCounts(List<Snowflake> eventIds) {
        return db.sql("""
                        SELECT event_id, count(*) AS users FROM scheduled_event_users
                        WHERE event_id = ANY(:events) GROUP BY event_id""")
                .bind("events", eventIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> Map.entry(
                        Columns.requiredSnowflake(row, "event_id"),
                        Objects.requireNonNull(row.get("users", Long.class), "users")
                                .intValue()))
                .all()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    static OffsetDateTime at(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
