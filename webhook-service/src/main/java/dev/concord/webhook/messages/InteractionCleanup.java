package dev.concord.webhook.messages;

import java.time.Clock;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Forgets interactions whose tokens have expired, every few minutes and in bounded batches, so the table
 * holds only the last quarter hour's. Every instance may run it: the deletes do not conflict.
 */
@Component
final class InteractionCleanup implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(InteractionCleanup.class);
    private static final Duration INTERVAL = Duration.ofMinutes(5);
    private static final int BATCH = 1_000;

    private final InteractionStore store;
    private final Clock clock;
    private volatile @Nullable Disposable running;

    InteractionCleanup(InteractionStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Deletes batch after batch until one comes back short; the total deleted. */
    Mono<Long> sweep() {
        return Mono.defer(this::batch)
                .expand(deleted -> deleted < BATCH ? Mono.empty() : batch())
                .reduce(0L, Long::sum);
    }

    private Mono<Long> batch() {
        return store.deleteMadeBefore(clock.instant().minus(InteractionHandler.TOKEN_LIFETIME), BATCH);
    }

    @Override
    public void start() {
        running = Flux.interval(INTERVAL)
                .concatMap(tick -> sweep().onErrorResume(e -> {
                    log.warn("Expired interactions could not be deleted; trying again next round", e);
                    return Mono.empty();
                }))
                .subscribe();
    }

    @Override
    public void stop() {
        Disposable current = running;
        if (current != null) {
            current.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        Disposable current = running;
        return current != null && !current.isDisposed();
    }
}
