package dev.concord.social.notifications;

import dev.concord.platform.events.Change;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;

/** The {@code notification_settings} table: one row per user who ever set their flags. */
@Component
final class NotificationSettingsStore {

    /**
     * Sets the user's flags, only when they change: a user without a row has the default flags, so setting
     * those writes nothing either. Returns the user's id once when it wrote, nothing otherwise.
     */
    Change<Long> replace(Snowflake userId, int flags) {
        return Change.of("""
                        INSERT INTO notification_settings AS n (user_id, flags)
                        SELECT :user, :flags
                        WHERE :flags <> :default_flags
                           OR EXISTS (SELECT 1 FROM notification_settings WHERE user_id = :user)
                        ON CONFLICT (user_id) DO UPDATE SET flags = EXCLUDED.flags, updated_at = now()
                        WHERE n.flags <> EXCLUDED.flags
                        RETURNING n.user_id""", row -> row.get("user_id", Long.class))
                .bind("user", userId.value())
                .bind("flags", flags)
                .bind("default_flags", NotificationSettingsData.DEFAULTS.flags());
    }
}
