package dev.concord.guild.integrations;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code integration_subscribers} table: who holds a subscriber role through a sync, and since when they lapsed. */
@Component
final class IntegrationSubscriberStore {

    /** A member holding the role through the integration; {@code lapsedAt} once they stopped subscribing. */
    record Holder(Snowflake userId, @Nullable Instant lapsedAt) {}

    private final DatabaseClient db;

    IntegrationSubscriberStore(DatabaseClient db) {
        this.db = db;
    }

    Flux<Holder> holders(Snowflake integrationId) {
        return db.sql("SELECT user_id, lapsed_at FROM integration_subscribers WHERE integration_id = :id")
                .bind("id", integrationId.value())
                .map(row -> new Holder(Columns.requiredSnowflake(row, "user_id"), Columns.instant(row, "lapsed_at")))
                .all();
    }

    /** These members subscribe (again): no lapse. One statement, however many they are. */
    Mono<Void> subscribed(Snowflake integrationId, Collection<Snowflake> userIds) {
        if (userIds.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("""
                        INSERT INTO integration_subscribers (integration_id, user_id)
                        SELECT :id, user_id FROM unnest(:users::bigint[]) AS subscriber (user_id)
                        ON CONFLICT (integration_id, user_id) DO UPDATE SET lapsed_at = NULL""")
                .bind("id", integrationId.value())
                .bind("users", userIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .then();
    }

    /** The member stopped subscribing at {@code at}; a lapse already recorded keeps its start. */
    Mono<Void> lapsed(Snowflake integrationId, Snowflake userId, Instant at) {
        return db.sql("""
                        UPDATE integration_subscribers SET lapsed_at = :at
                        WHERE integration_id = :id AND user_id = :user AND lapsed_at IS NULL""")
                .bind("at", at.atOffset(ZoneOffset.UTC))
                .bind("id", integrationId.value())
                .bind("user", userId.value())
                .then();
    }

    /** The expiry was applied (or the member is gone): the integration no longer tracks them. */
    Mono<Void> forget(Snowflake integrationId, Snowflake userId) {
        return db.sql("DELETE FROM integration_subscribers WHERE integration_id = :id AND user_id = :user")
                .bind("id", integrationId.value())
                .bind("user", userId.value())
                .then();
    }
}
