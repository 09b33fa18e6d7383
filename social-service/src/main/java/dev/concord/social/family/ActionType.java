package dev.concord.social.family;

/** What a teen did, as the audit log's {@code display_type} numbers it. */
enum ActionType {
    USER_ADDED(1),
    GUILD_JOINED(2),
    USER_MESSAGED(3),
    GUILD_MESSAGED(4),
    USER_CALLED(5);

    final int value;

    ActionType(int value) {
        this.value = value;
    }

    /** Whether the entity is a user (or a group DM), rather than a guild. */
    boolean aboutUser() {
        return this != GUILD_JOINED && this != GUILD_MESSAGED;
    }
}
