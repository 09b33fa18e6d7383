package dev.concord.platform.automod;

import org.jspecify.annotations.Nullable;

/**
 * One of a rule's actions, carried through unchanged: the engine says which rules trigger, the caller
 * executes their actions. {@code type} is the wire's action type (1 BLOCK_MESSAGE, 2 SEND_ALERT_MESSAGE,
 * 3 TIMEOUT_USER, 4 QUARANTINE_USER); the metadata fields are 0 or null when the type has none.
 */
public record AutomodAction(
        int type,
        long channelId,
        int durationSeconds,
        @Nullable String customMessage) {

    public static final int BLOCK_MESSAGE = 1;
    public static final int SEND_ALERT_MESSAGE = 2;
    public static final int TIMEOUT_USER = 3;
    public static final int QUARANTINE_USER = 4;

    public static AutomodAction blockMessage(@Nullable String customMessage) {
        return new AutomodAction(BLOCK_MESSAGE, 0, 0, customMessage);
    }

    public static AutomodAction sendAlert(long channelId) {
        return new AutomodAction(SEND_ALERT_MESSAGE, channelId, 0, null);
    }

    public static AutomodAction timeout(int durationSeconds) {
        return new AutomodAction(TIMEOUT_USER, 0, durationSeconds, null);
    }
}
