package dev.concord.guild.scheduledevents;

/**
 * An event's status and the moves between them: SCHEDULED to ACTIVE or CANCELED, ACTIVE to COMPLETED.
 * COMPLETED and CANCELED are final.
 */
final class ScheduledEventStatus {

    static final int SCHEDULED = 1;
    static final int ACTIVE = 2;
    static final int COMPLETED = 3;
    static final int CANCELED = 4;

    private ScheduledEventStatus() {}

    static boolean isFinished(int status) {
        return status == COMPLETED || status == CANCELED;
    }

    /** Whether an event may move from {@code from} to {@code to}; staying where it is is no move. */
    static boolean canMove(int from, int to) {
        return from == to
                || (from == SCHEDULED && (to == ACTIVE || to == CANCELED))
                || (from == ACTIVE && to == COMPLETED);
    }
}
