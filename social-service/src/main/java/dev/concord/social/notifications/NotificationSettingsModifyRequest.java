package dev.concord.social.notifications;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/**
 * The body of {@code PATCH /users/@me/notification-settings}. It replaces the settings: an omitted or
 * null {@code flags} is the default, not "unchanged".
 */
record NotificationSettingsModifyRequest(Possible<Integer> flags) implements Violations.Validatable {

    /** Unreads are tracked apart from the message notification level. */
    static final int USE_NEW_NOTIFICATIONS = 1 << 4;
    /** Every message counts as a mention in channels notifying for all messages. */
    static final int MENTION_ON_ALL_MESSAGES = 1 << 5;

    @Override
    public void validate(Violations v) {
        v.flags("flags", flags.orNull(), USE_NEW_NOTIFICATIONS | MENTION_ON_ALL_MESSAGES);
    }

    /** The settings this body sets. */
    NotificationSettingsData settings() {
        return new NotificationSettingsData(flags.orElse(NotificationSettingsData.DEFAULTS.flags()));
    }
}
