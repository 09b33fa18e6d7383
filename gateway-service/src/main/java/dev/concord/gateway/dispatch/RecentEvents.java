package dev.concord.gateway.dispatch;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ids of the last events delivered, to drop Kafka's redeliveries (after a rebalance or a commit
 * that did not land). Redeliveries are recent, so a bounded window suffices; oldest ids go first.
 */
final class RecentEvents {

    private final Map<Snowflake, Boolean> seen;

    RecentEvents(int capacity) {
        this.seen = new LinkedHashMap<>(capacity * 4 / 3 + 1) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Snowflake, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    /** True the first time {@code id} is seen within the window. */
    synchronized boolean firstSighting(Snowflake id) {
        return seen.put(id, Boolean.TRUE) == null;
    }
}
