package dev.concord.social.notifications;

/**
 * A user's account-wide notification settings, as {@code PATCH /users/@me/notification-settings}
 * returns them and {@code NOTIFICATION_SETTINGS_UPDATE} carries them.
 *
 * @param flags {@link NotificationSettingsModifyRequest#USE_NEW_NOTIFICATIONS} and
 *     {@link NotificationSettingsModifyRequest#MENTION_ON_ALL_MESSAGES}
 */
record NotificationSettingsData(int flags) {

    /** What a user who never sent a PATCH has, and what an omitted or null {@code flags} sets. */
    static final NotificationSettingsData DEFAULTS = new NotificationSettingsData(0);
}
