package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.social.family.ActivityActions.Action;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Writes {@code family_actions} and {@code family_guilds}, and trims actions that left the 7-day window. */
@Component
final class ActivityStore {

    private final DatabaseClient db;

    ActivityStore(DatabaseClient db) {
        this.db = db;
    }

    /** An action and the event it was read from. */
    record Recorded(Action action, Snowflake eventId, Instant occurredAt) {}

    /**
     * Records the actions of many events, in one statement, for those of their users who are connected
     * teens at this moment; nobody else's activity is kept. Each event that records something is marked
     * processed for {@code consumer} by the same statement, and only one that records something: a
     * redelivered event counts once, and the many events of users who are no teens (every message sent)
     * cost one read, with no transaction to open and nothing written. Of one action repeated, the latest
     * is kept, so the log says when it last happened.
     */
    Mono<Void> record(String consumer, List<Recorded> recorded) {
        if (recorded.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("""
                        WITH teens AS (
                            SELECT a.*
                            FROM unnest(:users::bigint[], :types::smallint[], :entities::bigint[], :events::bigint[],
                                        :millis::bigint[])
                                 AS a (user_id, display_type, entity_id, event_id, occurred_millis)
                            WHERE EXISTS (SELECT 1 FROM family_links l WHERE l.user_id = a.user_id AND l.link_status = 2)),
                        first_time AS (
                            INSERT INTO processed_events (consumer, event_id)
                            SELECT DISTINCT :consumer, event_id FROM teens
                            ON CONFLICT DO NOTHING
                            RETURNING event_id)
                        INSERT INTO family_actions (user_id, display_type, entity_id, event_id, occurred_at)
                        SELECT DISTINCT ON (t.user_id, t.display_type, t.entity_id)
                               t.user_id, t.display_type, t.entity_id, t.event_id, to_timestamp(t.occurred_millis / 1000.0)
                        FROM teens t JOIN first_time f ON f.event_id = t.event_id
                        ORDER BY t.user_id, t.display_type, t.entity_id, t.occurred_millis DESC, t.event_id DESC
                        ON CONFLICT (user_id, display_type, entity_id) DO UPDATE
                        SET event_id = excluded.event_id, occurred_at = excluded.occurred_at
                        WHERE family_actions.occurred_at < excluded.occurred_at""")
                .bind("consumer", consumer)
                .bind(
                        "users",
                        recorded.stream().map(r -> r.action().user().value()).toArray(Long[]::new))
                .bind(
                        "types",
                        recorded.stream().map(r -> r.action().type().value).toArray(Integer[]::new))
                .bind(
                        "entities",
                        recorded.stream().map(r -> r.action().entity().value()).toArray(Long[]::new))
                .bind("events", recorded.stream().map(r -> r.eventId().value()).toArray(Long[]::new))
                .bind(
                        "millis",
                        recorded.stream()
                                .map(r -> r.occurredAt().toEpochMilli())
                                .toArray(Long[]::new))
                .then();
    }

    /** The guild's name and icon, unless a later event already told us newer ones. */
    Mono<Void> saveGuild(Snowflake id, @Nullable String name, @Nullable String icon, Snowflake eventId) {
        return db.sql("""
                        INSERT INTO family_guilds (id, name, icon, last_event_id) VALUES (:id, :name, :icon, :event)
                        ON CONFLICT (id) DO UPDATE SET name = excluded.name, icon = excluded.icon, last_event_id = excluded.last_event_id
                        WHERE family_guilds.last_event_id < excluded.last_event_id""")
                .bind("id", id.value())
                .bind("name", name == null ? io.r2dbc.spi.Parameters.in(String.class) : name)
                .bind("icon", icon == null ? io.r2dbc.spi.Parameters.in(String.class) : icon)
                .bind("event", eventId.value())
                .then();
    }

    /** Deletes at most {@code batch} actions that happened before {@code before}; the count deleted. */
    Mono<Long> deleteOlderThan(Instant before, int batch) {
        return db.sql("""
                        DELETE FROM family_actions WHERE ctid IN (
                            SELECT ctid FROM family_actions WHERE occurred_at < :before LIMIT :batch)""")
                .bind("before", LinkStore.utc(before))
                .bind("batch", (long) batch)
                .fetch()
                .rowsUpdated();
    }
}
