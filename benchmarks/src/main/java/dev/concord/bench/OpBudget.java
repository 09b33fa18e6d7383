package dev.concord.bench;

import java.time.Duration;
import java.util.Arrays;

/**
 * One socket's op 3s, kept within the gateway's payload limit (120 per socket per 60 s, heartbeats and
 * Identify included; past it the socket is closed with 4008). The gateway counts in fixed windows that
 * start at a payload; the client cannot see where they start, so it keeps a stricter rule it can check:
 * at most {@link #LIMIT} op 3s in any {@link #WINDOW} (a second longer than the gateway's, for the time
 * between sending and receiving). Identify and at most two heartbeats (every 41.25 s) come on top: 103 of
 * the 120 at most.
 */
final class OpBudget {

    static final int LIMIT = 100;
    static final Duration WINDOW = Duration.ofSeconds(61);

    /** No send: {@code System.nanoTime()} may be any long, even negative, but is never this one in practice. */
    private static final long NONE = Long.MIN_VALUE;

    /** The last {@link #LIMIT} sends' times, oldest at {@code next}; {@link #NONE} where none was sent yet. */
    private final long[] sent = new long[LIMIT];

    private int next;

    OpBudget() {
        Arrays.fill(sent, NONE);
    }

    /** Counts an op 3 sent at {@code nanoTime}. */
    void sent(long nanoTime) {
        sent[next] = nanoTime;
        next = (next + 1) % LIMIT;
    }

    /**
     * How long to wait from {@code now} before {@code needed} more op 3s may be sent, however they fall:
     * the sends of the last window plus {@code needed} must stay within the limit.
     */
    long nanosUntilRoom(int needed, long now) {
        if (needed > LIMIT) {
            throw new IllegalArgumentException(
                    needed + " op 3s of one socket at once: more than the " + LIMIT + " it may send per window");
        }
        if (needed <= 0) {
            return 0;
        }
        // The oldest send that must leave the window first is the needed-th oldest of the last LIMIT.
        long mustLeave = sent[(next + needed - 1) % LIMIT];
        if (mustLeave == NONE) {
            return 0;
        }
        return Math.max(0, mustLeave + WINDOW.toNanos() - now);
    }
}
