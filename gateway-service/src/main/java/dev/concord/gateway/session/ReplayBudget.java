package dev.concord.gateway.session;

import dev.concord.gateway.protocol.DispatchFrame;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.function.LongSupplier;

/**
 * The instance's replay memory: every frame some session may still resume, oldest first, bounded by
 * bytes and by age whatever the number of sessions and events. A frame counts once however many
 * sessions share it. Past the ceiling, or older than the resume window, the oldest frames are evicted
 * (their bytes let go); a session that would need one to resume gets op 9 and identifies afresh, as on
 * the platform when its replay is gone. The newest frame is never evicted by size, so one frame larger
 * than the ceiling still reaches the sessions it is for. A frame every holder let go of (its sessions'
 * clients acknowledged it) leaves at once ({@link #release}).
 *
 * <p>Lock order: taken inside a session's lock, never calls out.
 */
public final class ReplayBudget {

    private record Retained(DispatchFrame frame, long at) {}

    private final long maxBytes;
    private final long maxAgeNanos;
    private final LongSupplier nanoTime;
    private final ArrayDeque<Retained> frames = new ArrayDeque<>();
    private long bytes;

    public ReplayBudget(long maxBytes, Duration maxAge, LongSupplier nanoTime) {
        this.maxBytes = maxBytes;
        this.maxAgeNanos = maxAge.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Counts {@code frame} (the first time a session keeps it), then evicts what no longer fits. */
    void retain(DispatchFrame frame) {
        // A plain read first: a frame fanned out to thousands is counted by the first of them only.
        if (frame.isRetained() || !frame.markRetained()) {
            return;
        }
        synchronized (this) {
            long now = nanoTime.getAsLong();
            frames.addLast(new Retained(frame, now));
            bytes += frame.size();
            evictBeyondLimits(now);
        }
    }

    /** Whoever built {@code frame} has handed it to every session it is for ({@link DispatchFrame#handedOut}). */
    public void handedOut(DispatchFrame frame) {
        if (frame.handedOut()) {
            release(frame);
        }
    }

    /**
     * Lets go of a frame no session needs any more (its last holder let go): its bytes leave the heap and
     * the count now, not when it would have aged out.
     */
    void release(DispatchFrame frame) {
        if (frame.evict() && frame.isRetained()) {
            synchronized (this) {
                bytes -= frame.size();
            }
        }
    }

    /** Evicts the frames older than the resume window; called as time passes, not only as frames come. */
    public synchronized void expire() {
        evictBeyondLimits(nanoTime.getAsLong());
    }

    /** Bytes of frames held for replay now. */
    public synchronized long bytes() {
        return bytes;
    }

    private void evictBeyondLimits(long now) {
        while (frames.size() > 1 && bytes > maxBytes) {
            evictOldest();
        }
        while (!frames.isEmpty() && now - frames.peekFirst().at() > maxAgeNanos) {
            evictOldest();
        }
    }

    private void evictOldest() {
        Retained oldest = frames.removeFirst();
        if (oldest.frame().evict()) {
            bytes -= oldest.frame().size();
        }
    }
}
