package dev.concord.social.notifications;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The {@code notification_settings} table: one row per user who ever set their flags. */
@Component
final class NotificationSettingsStore {

    private final DatabaseClient db;
    private final Outbox outbox;

    NotificationSettingsStore(DatabaseClient db, Outbox outbox) {
        this.db = db;
        this.outbox = outbox;
    }

    /**
     * Sets the user's flags and records {@code event} with them, in one statement (so no transaction), only
     * when they change: a user without a row has the default flags, so setting those writes nothing either.
     * Returns whether anything was written.
     */
    Mono<Boolean> replace(Snowflake userId, int flags, DomainEvent event) {
        DatabaseClient.GenericExecuteSpec statement = db.sql("""
                        WITH saved AS (
                            INSERT INTO notification_settings AS n (user_id, flags)
                            SELECT :user, :flags
                            WHERE :flags <> :default_flags
                               OR EXISTS (SELECT 1 FROM notification_settings WHERE user_id = :user)
                            ON CONFLICT (user_id) DO UPDATE SET flags = EXCLUDED.flags, updated_at = now()
                            WHERE n.flags <> EXCLUDED.flags
                            RETURNING n.user_id),
                        recorded AS (%s)
                        SELECT count(*) AS written FROM saved""".formatted(Outbox.insertForEachRowOf("saved")))
                .bind("user", userId.value())
                .bind("flags", flags)
                .bind("default_flags", NotificationSettingsData.DEFAULTS.flags());
        return outbox.bindEvent(statement, event)
                .map(row -> row.get("written", Long.class) > 0)
                .one();
    }
}
