package dev.concord.gateway.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The last dispatches of a session, by sequence number, for Resume. A ring bounded by {@code capacity}:
 * memory per session is bounded however long the client stays away. The ring starts small and doubles
 * as dispatches come, so an idle session costs a few dozen bytes here, not {@code capacity} slots. It
 * holds references to frames other sessions share ({@code T} is the gateway's {@code DispatchFrame}),
 * never copies. Guarded by its session's lock.
 */
final class ReplayBuffer<T> {

    private static final int INITIAL_SLOTS = 8;

    private final int capacity;
    private Object[] ring;
    private long newest;
    private int size;

    ReplayBuffer(int capacity) {
        this.capacity = capacity;
        this.ring = new Object[Math.min(capacity, INITIAL_SLOTS)];
    }

    /** Records the dispatch with sequence number {@code seq}, one more than the previous one. */
    void add(long seq, T dispatch) {
        if (seq != newest + 1) {
            throw new IllegalArgumentException("dispatches are recorded in sequence");
        }
        if (size == ring.length && ring.length < capacity) {
            grow();
        }
        ring[index(seq)] = dispatch;
        newest = seq;
        size = Math.min(size + 1, ring.length);
    }

    /** Starts an empty ring at a later number: the next dispatch recorded is {@code seq + 1}. */
    void startAfter(long seq) {
        if (size != 0) {
            throw new IllegalStateException("only an empty ring starts later");
        }
        newest = seq;
    }

    /**
     * The dispatches after {@code seq}, oldest first; null when some of them were already dropped, so a
     * resume from there would silently lose events.
     */
    @SuppressWarnings("unchecked")
    @Nullable
    List<T> after(long seq) {
        long oldest = newest - size + 1;
        if (seq + 1 < oldest) {
            return null;
        }
        List<T> missed = new ArrayList<>((int) Math.max(0, newest - seq));
        for (long s = seq + 1; s <= newest; s++) {
            missed.add((T) ring[index(s)]);
        }
        return missed;
    }

    int capacity() {
        return capacity;
    }

    /** Slots allocated now: what the ring costs, for tests of an idle session's footprint. */
    int slots() {
        return ring.length;
    }

    /** Doubles the ring (up to the capacity), keeping every dispatch at the index of its new length. */
    private void grow() {
        Object[] larger = new Object[Math.min(capacity, ring.length * 2)];
        for (long s = newest - size + 1; s <= newest; s++) {
            larger[(int) (s % larger.length)] = ring[index(s)];
        }
        Arrays.fill(ring, null);
        ring = larger;
    }

    private int index(long seq) {
        return (int) (seq % ring.length);
    }
}
