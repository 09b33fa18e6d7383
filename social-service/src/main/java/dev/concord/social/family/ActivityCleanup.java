package dev.concord.social.family;

import java.time.Clock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Deletes actions older than the 7-day window, periodically and in bounded batches (reads already stop at
 * the window; this keeps the table from growing). Every replica may run it: the deletes do not conflict.
 */
@Component
final class ActivityCleanup implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ActivityCleanup.class);

    private final ActivityStore store;
    private final FamilyCenterSettings settings;
    private final Clock clock;
    private volatile @Nullable Disposable running;

    ActivityCleanup(ActivityStore store, FamilyCenterSettings settings, Clock clock) {
        this.store = store;
        this.settings = settings;
        this.clock = clock;
    }

    /** Deletes batch after batch until a batch comes back short; the total deleted. */
    Mono<Long> sweep() {
        return Mono.defer(() -> store.deleteOlderThan(
                        clock.instant().minus(FamilyCenterSettings.WINDOW), settings.cleanupBatch()))
                .expand(deleted -> deleted < settings.cleanupBatch()
                        ? Mono.empty()
                        : store.deleteOlderThan(
                                clock.instant().minus(FamilyCenterSettings.WINDOW), settings.cleanupBatch()))
                .reduce(0L, Long::sum);
    }

    @Override
    public void start() {
        running = Flux.interval(settings.cleanupInterval())
                .concatMap(tick -> sweep().onErrorResume(e -> {
                    log.warn("Family Center activity cleanup failed; trying again next round", e);
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
