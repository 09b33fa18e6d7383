package dev.concord.social.settings;

import dev.concord.platform.events.Change;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
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

    /** A user's stored document and how many writes made it; {@link #NONE} for a user without a row. */
    record Stored(String document, long version) {
        static final Stored NONE = new Stored("{}", 0);
    }

    /** The stored document, or empty for a user who never changed a setting. */
    Mono<Stored> find(Snowflake userId) {
        return db.sql("SELECT settings::text AS settings, version FROM user_settings WHERE user_id = :user")
                .bind("user", userId.value())
                .map(SettingsStore::stored)
                .one();
    }

    /**
     * Like {@link #find}, locking the row until the transaction ends, so concurrent changes of one user
     * apply one after the other and each sees the last.
     */
    Mono<Stored> findForUpdate(Snowflake userId) {
        return db.sql("SELECT settings::text AS settings, version FROM user_settings WHERE user_id = :user FOR UPDATE")
                .bind("user", userId.value())
                .map(SettingsStore::stored)
                .one();
    }

    /**
     * Merges {@code changes} (a JSON object of whole top-level fields) into the user's document, provided
     * the document is still the one {@code read} (its version; a user without a row gets one). Returns the
     * document as stored, or nothing when another write came first: the changes were computed against a
     * document that no longer is, so nothing is written.
     */
    Change<String> merge(Snowflake userId, Stored read, String changes) {
        return Change.of("""
                        INSERT INTO user_settings AS s (user_id, settings)
                        VALUES (:user, CAST(:changes AS jsonb))
                        ON CONFLICT (user_id) DO UPDATE
                        SET settings = s.settings || EXCLUDED.settings, version = s.version + 1, updated_at = now()
                        WHERE s.version = :version
                        RETURNING s.settings::text AS settings""", row -> row.get("settings", String.class))
                .bind("user", userId.value())
                .bind("changes", changes)
                .bind("version", read.version());
    }

    private static Stored stored(Readable row) {
        return new Stored(row.get("settings", String.class), row.get("version", Long.class));
    }
}
