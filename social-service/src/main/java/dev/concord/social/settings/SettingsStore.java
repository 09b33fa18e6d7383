package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The {@code user_settings} table. A row holds only the fields a user changed from their defaults, as a
 * JSON document; the service overlays it on the defaults. Each read is one statement.
 */
@Component
final class SettingsStore {

    private final DatabaseClient db;

    SettingsStore(DatabaseClient db) {
        this.db = db;
    }

    /** The stored document, or empty for a user who never changed a setting. */
    Mono<String> find(Snowflake userId) {
        return db.sql("SELECT settings::text AS settings FROM user_settings WHERE user_id = :user")
                .bind("user", userId.value())
                .map(row -> row.get("settings", String.class))
                .one();
    }

    /**
     * Like {@link #find}, locking the row until the transaction ends, so concurrent changes of one user
     * apply one after the other and each sees the last.
     */
    Mono<String> findForUpdate(Snowflake userId) {
        return db.sql("SELECT settings::text AS settings FROM user_settings WHERE user_id = :user FOR UPDATE")
                .bind("user", userId.value())
                .map(row -> row.get("settings", String.class))
                .one();
    }

    /**
     * Merges {@code changes} (a JSON object of whole top-level fields) into the user's document, creating
     * the row on the first change; returns the document as stored. Merging in SQL rather than writing a
     * document built in memory means two first-ever changes racing (no row to lock yet) both land.
     */
    Mono<String> merge(Snowflake userId, String changes) {
        return db.sql("""
                        INSERT INTO user_settings AS s (user_id, settings)
                        VALUES (:user, CAST(:changes AS jsonb))
                        ON CONFLICT (user_id) DO UPDATE
                        SET settings = s.settings || EXCLUDED.settings, version = s.version + 1, updated_at = now()
                        RETURNING s.settings::text AS settings""")
                .bind("user", userId.value())
                .bind("changes", changes)
                .map(row -> row.get("settings", String.class))
                .one();
    }
}
