package dev.concord.social.settings;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import tools.jackson.databind.node.ObjectNode;

/**
 * The events a settings change publishes (documented by the fixtures under
 * {@code src/test/resources/events/}).
 *
 * <p>{@code USER_SETTINGS_UPDATE} goes to the user's own sessions only, keyed by user id so that one
 * user's changes reach the gateway in order. Its data is the changed fields alone, with their new
 * values, as the platform sends it: clients merge it into the settings they hold.
 *
 * <p>{@code USER_SETTINGS_PROTO_UPDATE} is not published: its payload is the platform's protobuf
 * settings encoding, which this service cannot produce faithfully (see README.md).
 */
final class SettingsEvents {

    private SettingsEvents() {}

    static DomainEvent settingsUpdate(Snowflake userId, ObjectNode changed) {
        return new DomainEvent(USER_SETTINGS_UPDATE, userId.asString(), Audience.users(userId), changed);
    }
}
