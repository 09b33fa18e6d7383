package dev.concord.social.preferences;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The {@code user_consents} table: one row per user who answered, null for a consent not answered. */
@Component
final class ConsentStore {

    private final DatabaseClient db;

    ConsentStore(DatabaseClient db) {
        this.db = db;
    }

    /** The user's consents, defaults for those never answered; empty for a user without a row. */
    Mono<ConsentsData> find(Snowflake userId) {
        return db.sql("SELECT personalization, usage_statistics FROM user_consents WHERE user_id = :user")
                .bind("user", userId.value())
                .map(ConsentStore::read)
                .one();
    }

    /**
     * Records {@code answers} and returns the consents after them, in one statement: answers for types
     * the request did not name stay as they were (null binds keep the stored value).
     */
    Mono<ConsentsData> answer(Snowflake userId, Map<ConsentType, Boolean> answers) {
        DatabaseClient.GenericExecuteSpec upsert = db.sql("""
                        INSERT INTO user_consents AS c (user_id, personalization, usage_statistics)
                        VALUES (:user, :personalization, :usageStatistics)
                        ON CONFLICT (user_id) DO UPDATE SET
                            personalization = COALESCE(EXCLUDED.personalization, c.personalization),
                            usage_statistics = COALESCE(EXCLUDED.usage_statistics, c.usage_statistics),
                            updated_at = now()
                        RETURNING personalization, usage_statistics""").bind("user", userId.value());
        upsert = bindAnswer(upsert, "personalization", answers.get(ConsentType.PERSONALIZATION));
        upsert = bindAnswer(upsert, "usageStatistics", answers.get(ConsentType.USAGE_STATISTICS));
        return upsert.map(ConsentStore::read).one();
    }

    private static DatabaseClient.GenericExecuteSpec bindAnswer(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable Boolean answer) {
        return answer == null ? spec.bindNull(name, Boolean.class) : spec.bind(name, answer);
    }

    private static ConsentsData read(Readable row) {
        return ConsentsData.of(row.get("personalization", Boolean.class), row.get("usage_statistics", Boolean.class));
    }
}
