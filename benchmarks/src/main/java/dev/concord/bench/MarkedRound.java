package dev.concord.bench;

import io.netty.buffer.ByteBuf;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One change of one user on its way to every socket owed it: the star's op 3 to its friends
 * ({@link PresenceFanout}), a speaker's suppress flip to a stage's audience ({@link StageFanout}). Each socket
 * counts once, on the first dispatch about that user that carries the round's marker (whoever reads the
 * frames checks the type, the user and that it is the socket's first). Rounds alternate values, so a late
 * frame of the round before (the other value) is told apart without parsing.
 */
final class MarkedRound {

    static final MarkedRound NONE = new MarkedRound(-1, "\"none\"", 0);

    final int number;
    /** Bytes only this round's frames carry, such as {@code "status":"dnd"}. */
    private final ByteBuf marker;

    private final CountDownLatch arrivals;
    private final AtomicLong firstArrival = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lastArrival = new AtomicLong();
    private volatile long start;

    /** @param sockets how many sockets are owed the change */
    MarkedRound(int number, String marker, int sockets) {
        this.number = number;
        this.marker = PresenceArrivals.ascii(marker);
        this.arrivals = new CountDownLatch(sockets);
    }

    /**
     * The star's op 3 setting {@code status}: {@code "status":"dnd"} is the presence's own status
     * (client_status names platforms, not that key).
     */
    static MarkedRound status(int number, String status, int friends) {
        return new MarkedRound(number, "\"status\":\"" + status + "\"", friends);
    }

    /** The clock starts now: right before the change is sent. */
    void started() {
        start = System.nanoTime();
    }

    boolean matches(ByteBuf frame) {
        return FrameSearch.indexOf(marker, frame) >= 0;
    }

    void arrived(long nanoTime) {
        firstArrival.accumulateAndGet(nanoTime, Math::min);
        lastArrival.accumulateAndGet(nanoTime, Math::max);
        arrivals.countDown();
    }

    /** Nanoseconds from the change to the last socket's dispatch, or -1 if some socket did not get it in time. */
    long awaitLast(Duration timeout) throws InterruptedException {
        if (!arrivals.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return -1;
        }
        return lastArrival.get() - start;
    }

    /**
     * Nanoseconds from the change to the first socket's dispatch, once {@link #awaitLast} has returned a
     * time: the change's way to the first frame written, before the fan-out's width.
     */
    long first() {
        return firstArrival.get() - start;
    }

    long missing() {
        return arrivals.getCount();
    }
}
