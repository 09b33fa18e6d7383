package dev.concord.guild.scheduledevents;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code scheduled_event_users} table: who is interested in which event; each method is one statement. */
@Component
final class ScheduledEventUserStore {

    private final DatabaseClient db;

    ScheduledEventUserStore(DatabaseClient db) {
        this.db = db;
    }

    /** Marks the user interested; answers whether they were not already. */
    Mono<Boolean> add(Snowflake eventId, Snowflake userId, Instant now) {
        return db.sql("""
                        INSERT INTO scheduled_event_users (event_id, user_id, created_at) VALUES (:event, :user, :now)
                        ON CONFLICT DO NOTHING""")
                .bind("event", eventId.value())
                .bind("user", userId.value())
                .bind("now", ScheduledEventStore.at(now))
                .fetch()
                .rowsUpdated()
                .map(added -> added > 0);
    }

    /** Answers whether the user had been interested. */
    Mono<Boolean> remove(Snowflake eventId, Snowflake userId) {
        return db.sql("DELETE FROM scheduled_event_users WHERE event_id = :event AND user_id = :user")
                .bind("event", eventId.value())
                .bind("user", userId.value())
                .fetch()
                .rowsUpdated()
                .map(removed -> removed > 0);
    }

    Mono<Boolean> has(Snowflake eventId, Snowflake userId) {
        return db.sql("SELECT 1 FROM scheduled_event_users WHERE event_id = :event AND user_id = :user")
                .bind("event", eventId.value())
                .bind("user", userId.value())
                .map(row -> true)
                .one()
                .hasElement();
    }

    /** Which of these events the user is interested in. */
    Flux<Snowflake> interestedAmong(Snowflake userId, List<Snowflake> eventIds) {
        return db.sql("SELECT event_id FROM scheduled_event_users WHERE user_id = :user AND event_id = ANY(:events)")
                .bind("user", userId.value())
                .bind("events", eventIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> Columns.requiredSnowflake(row, "event_id"))
                .all();
    }

    Mono<Integer> count(Snowflake eventId) {
        return db.sql("SELECT count(*) FROM scheduled_event_users WHERE event_id = :event")
                .bind("event", eventId.value())
                .map(row ->
                        Objects.requireNonNull(row.get(0, Long.class), "count").intValue())
                .one();
    }

    /**
     * A page of the interested users' ids in ascending order: those before {@code before} (the last
     * {@code limit} of them) if given, else those after {@code after}.
     */
    Flux<Snowflake> page(Snowflake eventId, @Nullable Snowflake before, @Nullable Snowflake after, int limit) {
        if (before != null) {
            return db.sql("""
                            SELECT user_id FROM (
                                SELECT user_id FROM scheduled_event_users WHERE event_id = :event AND user_id < :before
                                ORDER BY user_id DESC LIMIT :limit) page
                            ORDER BY user_id""")
                    .bind("event", eventId.value())
                    .bind("before", before.value())
                    .bind("limit", limit)
                    .map(row -> Columns.requiredSnowflake(row, "user_id"))
                    .all();
        }
        return db.sql("""
                        SELECT user_id FROM scheduled_event_users WHERE event_id = :event AND user_id > :after
                        ORDER BY user_id LIMIT :limit""")
                .bind("event", eventId.value())
                .bind("after", after == null ? 0L : after.value())
                .bind("limit", limit)
                .map(row -> Columns.requiredSnowflake(row, "user_id"))
                .all();
    }
}
