package dev.concord.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Presence changes of many users at a set rate, open loop, for a fixed time: the changers take turns (round
 * robin, so each changes every changers/rate seconds), each op 3 flipping its user between dnd and online,
 * so that every one is a real change that presence-service publishes. Every change is owed one
 * PRESENCE_UPDATE on each friend's socket; a step counts how many of those arrived within a grace after
 * its last op 3 (kept up) and, after waiting for the rest, in the end (delivered at all).
 *
 * <p>A changer's op 3 that reaches the gateway while its last one is still with presence-service waits,
 * and a third replaces the second: when presence-service falls that far behind, changes are merged and
 * their PRESENCE_UPDATEs never come, which the step counts as undelivered.
 */
final class SustainedPresence {

    /** With no new PRESENCE_UPDATE for this long after a step, the rest are taken as lost. */
    private static final Duration NO_PROGRESS = Duration.ofSeconds(3);
    /** Once all are in, how long extra ones (more than the friendships explain) are waited for. */
    private static final Duration EXTRA_WATCH = Duration.ofMillis(500);

    /**
     * One step's outcome.
     *
     * @param rate the op 3s per second asked for
     * @param sent the op 3s sent
     * @param sentPerSecond the rate the client sent them at
     * @param reachedPresence of those, how many the gateway passed on to presence-service (it merges a
     *     session's op 3s that come while one is on its way there)
     * @param presenceMean their mean time in presence-service, as text
     * @param expected PRESENCE_UPDATEs the changes owe the friends' sockets
     * @param behindAtLastSend of those, not yet arrived when the last op 3 was sent
     * @param inTime arrived by the grace after the last op 3
     * @param eventually arrived by the end of the wait after it
     * @param waited seconds waited before the step for the gateway's per-socket limit
     */
    record Step(
            int rate,
            long sent,
            double sentPerSecond,
            long reachedPresence,
            String presenceMean,
            long expected,
            long behindAtLastSend,
            long inTime,
            long eventually,
            double waited) {

        boolean fullyDelivered() {
            return inTime == expected && eventually == expected;
        }

        /** Below this the client, not the stack, set the rate. */
        boolean clientKeptUp() {
            return sentPerSecond >= rate * 0.95;
        }
    }

    private final List<PresenceSocket> changers;
    private final int[] watchers;
    private final OpBudget[] budgets;
    /** Whether each changer is dnd now (else online, as it identified). */
    private final boolean[] away;

    private final PresenceArrivals arrivals;
    private final PresenceOpTimer presence;
    private final Duration length;
    private final Duration grace;
    private final Duration drainLimit;
    /** The changer whose turn is next; turns go on across steps. */
    private long turn;

    /**
     * @param watchers for each changer, the sockets that see its presence (its friends)
     * @param length how long each step sends
     * @param grace how soon after a step's last op 3 every PRESENCE_UPDATE must be in for the step to count
     * @param drainLimit how long after the last op 3 the rest are waited for at most
     */
    SustainedPresence(
            List<PresenceSocket> changers,
            int[] watchers,
            PresenceArrivals arrivals,
            PresenceOpTimer presence,
            Duration length,
            Duration grace,
            Duration drainLimit) {
        this.changers = changers;
        this.watchers = watchers.clone();
        this.budgets = new OpBudget[changers.size()];
        for (int i = 0; i < budgets.length; i++) {
            budgets[i] = new OpBudget();
        }
        this.away = new boolean[changers.size()];
        this.arrivals = arrivals;
        this.presence = presence;
        this.length = length;
        this.grace = grace;
        this.drainLimit = drainLimit;
    }

    Step run(int rate) throws IOException, InterruptedException {
        long total = Math.round(rate * (length.toNanos() / 1e9));
        int perChanger = (int) ((total + changers.size() - 1) / changers.size());
        double waited = awaitBudget(perChanger);
        PresenceOpTimer.Reading opsBefore = presence.read();
        long baseline = arrivals.others();
        long expected = 0;
        long start = System.nanoTime();
        long sent = 0;
        while (sent < total) {
            long now = System.nanoTime();
            long due = Math.min(total, (now - start) * rate / 1_000_000_000L + 1);
            for (; sent < due; sent++) {
                int changer = (int) (turn++ % changers.size());
                away[changer] = !away[changer];
                budgets[changer].sent(now);
                changers.get(changer).sendStatus(away[changer] ? "dnd" : "online");
                expected += watchers[changer];
            }
            if (sent < total) {
                LockSupport.parkNanos(start + sent * 1_000_000_000L / rate - System.nanoTime());
            }
        }
        long end = System.nanoTime();
        long behind = expected - (arrivals.others() - baseline);
        sleepUntil(end + grace.toNanos());
        long inTime = arrivals.others() - baseline;
        long eventually = drain(baseline, expected, end + drainLimit.toNanos());
        PresenceOpTimer.Reading opsAfter = presence.read();
        return new Step(
                rate,
                total,
                total / ((end - start) / 1e9),
                opsAfter.opsSince(opsBefore),
                opsAfter.meanSince(opsBefore),
                expected,
                behind,
                inTime,
                eventually,
                waited);
    }

    /** Waits until every changer may send {@code perChanger} more op 3s; returns the seconds waited. */
    private double awaitBudget(int perChanger) throws InterruptedException {
        long now = System.nanoTime();
        long wait = 0;
        for (OpBudget budget : budgets) {
            wait = Math.max(wait, budget.nanosUntilRoom(perChanger, now));
        }
        if (wait > 0) {
            sleepUntil(now + wait);
        }
        return wait / 1e9;
    }

    /** Waits for the rest of a step's PRESENCE_UPDATEs while they keep coming; returns how many came. */
    private long drain(long baseline, long expected, long deadline) throws InterruptedException {
        long received = arrivals.others() - baseline;
        long lastProgress = System.nanoTime();
        while (received < expected
                && System.nanoTime() < deadline
                && System.nanoTime() - lastProgress < NO_PROGRESS.toNanos()) {
            Thread.sleep(50);
            long now = arrivals.others() - baseline;
            if (now > received) {
                received = now;
                lastProgress = System.nanoTime();
            }
        }
        if (received >= expected) {
            Thread.sleep(EXTRA_WATCH.toMillis());
            received = arrivals.others() - baseline;
        }
        return received;
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long left = nanoTime - System.nanoTime();
        if (left > 0) {
            Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
        }
    }
}
