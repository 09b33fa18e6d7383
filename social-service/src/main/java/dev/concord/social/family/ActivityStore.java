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

    /**
     * Records {@code actions} (distinct) of one event, in one statement, for those of their users who are
     * connected teens at this moment; nobody else's activity is kept. The event is marked processed for
     * {@code consumer} in the same statement, and only when it records something: a redelivered event
     * counts once, and the many events of users who are no teens (every message sent) cost one read, with
     * no transaction to open and nothing written. A repeat of an action keeps the latest event, so the log
     * says when it last happened.
     */
    Mono<Void> record(String consumer, List<Action> actions, Snowflake eventId, Instant occurredAt) {
        if (actions.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("""
                        WITH teens AS (
                            SELECT a.user_id, a.display_type, a.entity_id
                            FROM unnest(:users::bigint[], :types::smallint[], :entities::bigint[]) AS a (user_id, display_type, entity_id)
                            WHERE EXISTS (SELECT 1 FROM family_links l WHERE l.user_id = a.user_id AND l.link_status = 2)),
                        first_time AS (
                            INSERT INTO processed_events (consumer, event_id)
                            SELECT :consumer, :event WHERE EXISTS (SELECT 1 FROM teens)
                            ON CONFLICT DO NOTHING
                            RETURNING event_id)
                        INSERT INTO family_actions (user_id, display_type, entity_id, event_id, occurred_at)
                        SELECT t.user_id, t.display_type, t.entity_id, f.event_id, :at
                        FROM teens t CROSS JOIN first_time f
                        ON CONFLICT (user_id, display_type, entity_id) DO UPDATE
                        SET event_id = excluded.event_id, occurred_at = excluded.occurred_at
                        WHERE family_actions.occurred_at < excluded.occurred_at""")
                .bind("consumer", consumer)
                .bind("event", eventId.value())
                .bind("at", LinkStore.utc(occurredAt))
                .bind("users", actions.stream().map(a -> a.user().value()).toArray(Long[]::new))
                .bind("types", actions.stream().map(a -> a.type().value).toArray(Integer[]::new))
                .bind("entities", actions.stream().map(a -> a.entity().value()).toArray(Long[]::new))
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
