package dev.concord.social.preferences;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The {@code user_email_settings} table: a row per user who saved, holding only the categories chosen. */
@Component
final class EmailSettingsStore {

    private static final TypeReference<Map<String, Boolean>> CHOICES = new TypeReference<>() {};

    private final DatabaseClient db;
    private final JsonMapper json;

    EmailSettingsStore(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** The user's settings; empty for a user who never saved them. */
    Mono<EmailSettingsData> find(Snowflake userId) {
        return db.sql(
                        "SELECT initialized, categories::text AS categories FROM user_email_settings WHERE user_id = :user")
                .bind("user", userId.value())
                .map(this::read)
                .one();
    }

    /**
     * Merges {@code categories} into the stored choices and sets {@code initialized}, in one statement,
     * and returns the settings after it. Two PATCHes of different categories both land, whatever order.
     */
    Mono<EmailSettingsData> save(Snowflake userId, boolean initialized, Map<String, Boolean> categories) {
        return db.sql("""
                        INSERT INTO user_email_settings AS e (user_id, initialized, categories)
                        VALUES (:user, :initialized, CAST(:categories AS jsonb))
                        ON CONFLICT (user_id) DO UPDATE SET
                            initialized = EXCLUDED.initialized,
                            categories = e.categories || EXCLUDED.categories,
                            updated_at = now()
                        RETURNING initialized, categories::text AS categories""")
                .bind("user", userId.value())
                .bind("initialized", initialized)
                .bind("categories", json.writeValueAsString(categories))
                .map(this::read)
                .one();
    }

    private EmailSettingsData read(Readable row) {
        return EmailSettingsData.of(
                Boolean.TRUE.equals(row.get("initialized", Boolean.class)),
                json.readValue(row.get("categories", String.class), CHOICES));
    }
}
