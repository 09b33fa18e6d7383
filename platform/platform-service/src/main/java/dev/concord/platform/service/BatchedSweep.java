package dev.concord.platform.service;

import java.time.Duration;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Deletes what has expired, every {@code interval}, in statements of at most {@code batch} rows so none
 * holds long locks: batch after batch until one comes back short. Every instance of a service may run
 * it, as deletes of the same rows do not conflict. A failed round is logged and tried again next round.
 */
public final class BatchedSweep implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(BatchedSweep.class);

    private final String what;
    private final Duration interval;
    private final int batch;
    private final IntFunction<Mono<Long>> deleteBatch;
    private volatile @Nullable Disposable running;

    /**
     * @param what what is swept, for the log
     * @param deleteBatch deletes at most the given number of expired rows and answers how many it deleted
     */
    public BatchedSweep(String what, Duration interval, int batch, IntFunction<Mono<Long>> deleteBatch) {
        this.what = what;
        this.interval = interval;
        this.batch = batch;
        this.deleteBatch = deleteBatch;
    }

    /** One round: batches until one comes back short; the total deleted. */
    public Mono<Long> sweep() {
        return Mono.defer(() -> deleteBatch.apply(batch))
                .expand(deleted -> deleted < batch ? Mono.empty() : deleteBatch.apply(batch))
                .reduce(0L, Long::sum);
    }

    @Override
    public void start() {
        running = Flux.interval(interval)
                // A round that outlasts the interval skips the ticks it overlapped rather than failing the sweep.
                .onBackpressureDrop()
                .concatMap(tick -> sweep().onErrorResume(e -> {
                    log.warn("Sweeping {} failed; trying again next round", what, e);
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
