package dev.concord.gateway.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The last dispatches of a session, by sequence number, for Resume. A ring bounded by {@code capacity}:
 * memory per session is bounded however long the client stays away. The ring starts empty and doubles
 * as dispatches come; what the client acknowledged ({@link #trimThrough}) leaves it, and an emptied ring
 * goes back to nothing, so an idle session costs a few dozen bytes here, not {@code capacity} slots,
 * whatever it received before. It holds references to frames other sessions share ({@code T} is the
 * gateway's {@code DispatchFrame}), never copies. Guarded by its session's lock.
 */
final class ReplayBuffer<T> {

    private static final int INITIAL_SLOTS = 8;
    private static final Object[] EMPTY = {};

    private final int capacity;
    private Object[] ring = EMPTY;
    private long newest;
    private int size;

    ReplayBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a replay ring keeps at least one dispatch");
        }
        this.capacity = capacity;
    }

    /**
     * Records the dispatch with sequence number {@code seq}, one more than the previous one; returns the
     * oldest dispatch when the ring was full and it had to go, else null.
     */
    @SuppressWarnings("unchecked")
    @Nullable
    T add(long seq, T dispatch) {
        if (seq != newest + 1) {
            throw new IllegalArgumentException("dispatches are recorded in sequence");
        }
        if (size == ring.length && ring.length < capacity) {
            grow();
        }
        int slot = index(seq);
        T overwritten = size == ring.length ? (T) ring[slot] : null;
        ring[slot] = dispatch;
        newest = seq;
        size = Math.min(size + 1, ring.length);
        return overwritten;
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
        if (seq + 1 < oldest()) {
            return null;
        }
        List<T> missed = new ArrayList<>((int) Math.max(0, newest - seq));
        for (long s = seq + 1; s <= newest; s++) {
            missed.add((T) ring[index(s)]);
        }
        return missed;
    }

    /**
     * Drops the dispatches up to {@code seq} (the client has them), handing each to {@code dropped};
     * a resume from an earlier number is then refused like one from beyond the ring.
     */
    @SuppressWarnings("unchecked")
    void trimThrough(long seq, Consumer<? super T> dropped) {
        long through = Math.min(seq, newest);
        for (long s = oldest(); s <= through; s++) {
            int slot = index(s);
            T dispatch = (T) ring[slot];
            ring[slot] = null;
            size--;
            dropped.accept(dispatch);
        }
        if (size == 0) {
            ring = EMPTY;
        }
    }

    int capacity() {
        return capacity;
    }

    /** Slots allocated now: what the ring costs, for tests of an idle session's footprint. */
    int slots() {
        return ring.length;
    }

    private long oldest() {
        return newest - size + 1;
    }

    /** Doubles the ring (up to the capacity), keeping every dispatch at the index of its new length. */
    private void grow() {
        Object[] larger = new Object[Math.min(capacity, Math.max(INITIAL_SLOTS, ring.length * 2))];
        for (long s = oldest(); s <= newest; s++) {
            larger[(int) (s % larger.length)] = ring[index(s)];
        }
        Arrays.fill(ring, null);
        ring = larger;
    }

    private int index(long seq) {
        return (int) (seq % ring.length);
    }
}
