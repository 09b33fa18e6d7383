package dev.concord.platform.events;

import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;

/**
 * Wakes the outbox relay once events have committed, without a {@code NOTIFY} in the transaction that
 * wrote them. PostgreSQL serializes the commits of transactions that notify, the flush of their commit
 * record included, so a notification in every write (a trigger on {@code outbox}, as before) made every
 * send wait for the previous one's commit and undid group commit. Now the instance whose relay leads wakes
 * it in memory; any other instance sends {@code NOTIFY outbox} in a transaction of its own after the
 * commit, at most one at a time: requests arriving while one is under way collapse into one more, sent
 * after it, so every committed event is followed by a notification the relay receives.
 */
public final class OutboxWakeUps {

    private static final Logger log = LoggerFactory.getLogger(OutboxWakeUps.class);
    private static final Object WAKE = "commit";

    private final DatabaseClient db;
    /** Notifications asked for and not yet covered by one sent after them. */
    private final AtomicInteger requested = new AtomicInteger();

    private volatile @Nullable FluxSink<Object> relay;

    public OutboxWakeUps(DatabaseClient db) {
        this.db = db;
    }

    /** Outbox rows have committed: the relay will publish them within milliseconds. */
    public void committed() {
        FluxSink<Object> leading = relay;
        if (leading != null) {
            leading.next(WAKE);
        } else if (requested.getAndIncrement() == 0) {
            notifyRelay();
        }
    }

    /**
     * The wake-ups of this instance's commits, for its relay while it leads: while subscribed, commits
     * here no longer notify through the database (the relay does not need to hear its own instance).
     */
    Flux<Object> whileLeading() {
        return Flux.create(
                sink -> {
                    relay = sink;
                    sink.onDispose(() -> relay = null);
                },
                FluxSink.OverflowStrategy.LATEST);
    }

    private void notifyRelay() {
        int covered = requested.get();
        db.sql("SELECT pg_notify('outbox', '')")
                .then()
                // A notification that fails is covered by the relay's poll; nothing else depends on it.
                .doOnError(error -> log.debug("outbox notification failed: {}", error.toString()))
                .onErrorComplete()
                .doFinally(signal -> {
                    if (requested.addAndGet(-covered) != 0) {
                        notifyRelay();
                    }
                })
                .subscribe();
    }
}
