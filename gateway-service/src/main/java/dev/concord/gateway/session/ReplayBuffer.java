package dev.concord.gateway.session;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The last dispatches of a session, by sequence number, for Resume. A ring of fixed size: memory per
 * session is bounded however long the client stays away. Guarded by its session's lock.
 */
final class ReplayBuffer {

    private final String[] ring;
    private long newest;
    private int size;

    ReplayBuffer(int capacity) {
        this.ring = new String[capacity];
    }

    /** Records the dispatch with sequence number {@code seq}, one more than the previous one. */
    void add(long seq, String payload) {
        if (seq != newest + 1) {
            throw new IllegalArgumentException("dispatches are recorded in sequence");
        }
        ring[index(seq)] = payload;
        newest = seq;
        size = Math.min(size + 1, ring.length);
    }

    /**
     * The dispatches after {@code seq}, oldest first; null when some of them were already dropped, so a
     * resume from there would silently lose events.
     */
    @Nullable
    List<String> after(long seq) {
        long oldest = newest - size + 1;
        if (seq + 1 < oldest) {
            return null;
        }
        List<String> missed = new ArrayList<>((int) Math.max(0, newest - seq));
        for (long s = seq + 1; s <= newest; s++) {
            missed.add(ring[index(s)]);
        }
        return missed;
    }

    private int index(long seq) {
        return (int) (seq % ring.length);
    }
}
