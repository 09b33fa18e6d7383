package dev.concord.social.notifications;

import static dev.concord.platform.events.EventTypes.NOTIFICATION_SETTINGS_UPDATE;
import static dev.concord.platform.events.EventTypes.USER_GUILD_SETTINGS_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;

/**
 * The events notification settings publish (documented by the fixtures under
 * {@code src/test/resources/events/}). Both go to the user's own sessions only, keyed by user id so that
 * one user's changes reach the gateway in order. Unlike {@code USER_SETTINGS_UPDATE}, their data is the
 * whole object, as the platform sends it: clients replace what they hold for that guild (or account).
 */
final class NotificationEvents {

    private NotificationEvents() {}

    static DomainEvent notificationSettingsUpdate(Snowflake userId, NotificationSettingsData settings) {
        return new DomainEvent(NOTIFICATION_SETTINGS_UPDATE, userId.asString(), Audience.users(userId), settings);
    }

    static DomainEvent guildSettingsUpdate(Snowflake userId, UserGuildSettingsData settings) {
        return new DomainEvent(USER_GUILD_SETTINGS_UPDATE, userId.asString(), Audience.users(userId), settings);
    }
}
