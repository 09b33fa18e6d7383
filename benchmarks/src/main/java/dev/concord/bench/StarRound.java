package dev.concord.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One op 3 of the star on its way to every friend's socket: each socket counts once, on the first
 * PRESENCE_UPDATE about the star that carries the round's status. Rounds alternate statuses, so a late
 * frame of the round before (the other status) is told apart without parsing.
 */
final class StarRound {

    static final StarRound NONE = new StarRound(-1, "none", 0);

    final int number;
    final String status;
    /** {@code "status":"dnd"}: the presence's own status (client_status names platforms, not that key). */
    private final ByteBuf statusField;

    private final CountDownLatch arrivals;
    private final AtomicLong lastArrival = new AtomicLong();
    private volatile long start;

    StarRound(int number, String status, int friends) {
        this.number = number;
        this.status = status;
        this.statusField = PresenceArrivals.ascii("\"status\":\"" + status + "\"");
        this.arrivals = new CountDownLatch(friends);
    }

    /** The clock starts now: right before the op 3 is handed to the socket. */
    void started() {
        start = System.nanoTime();
    }

    boolean matches(ByteBuf frame) {
        return ByteBufUtil.indexOf(statusField, frame) >= 0;
    }

    void arrived(long nanoTime) {
        lastArrival.accumulateAndGet(nanoTime, Math::max);
        arrivals.countDown();
    }

    /** Nanoseconds from the op 3 to the last friend's PRESENCE_UPDATE, or -1 if some did not get it in time. */
    long awaitLast(Duration timeout) throws InterruptedException {
        if (!arrivals.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return -1;
        }
        return lastArrival.get() - start;
    }

    long missing() {
        return arrivals.getCount();
    }
}
