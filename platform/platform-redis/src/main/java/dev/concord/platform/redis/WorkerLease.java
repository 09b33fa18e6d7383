package dev.concord.platform.redis;

import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A snowflake worker id (0-31) held in Redis for as long as this instance runs, so replicas of one
 * service never mint the same id. The lease expires unless renewed, so a crashed instance frees its
 * worker; an instance that cannot renew in time reports it (the caller marks itself unlive, so
 * Kubernetes replaces it before another replica could take the same worker).
 */
public final class WorkerLease implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WorkerLease.class);
    private static final int WORKERS = 32;

    private final RedisReactiveCommands<String, String> redis;
    private final String key;
    private final String holder;
    private final int worker;
    private final Disposable renewal;

    private WorkerLease(
            RedisReactiveCommands<String, String> redis,
            String key,
            String holder,
            int worker,
            Duration ttl,
            Consumer<String> onLost) {
        this.redis = redis;
        this.key = key;
        this.holder = holder;
        this.worker = worker;
        Duration every = ttl.dividedBy(3);
        this.renewal = Flux.interval(every)
                // A tick while a renewal still runs is skipped: without this, the interval failed for lack of
                // demand and renewals stopped for good, silently, so the lease ran out and the worker id was free
                // for another process to take while this one still used it.
                .onBackpressureDrop()
                .concatMap(tick -> LeaseScripts.renew(redis, key, holder, ttl)
                        // Redis not answering must not hold up the renewals after it.
                        .timeout(every)
                        // A failed renewal is tried again next tick; only a lease found taken is lost.
                        .onErrorResume(e -> {
                            log.warn("snowflake worker lease {} not renewed: {}", key, e.toString());
                            return Mono.just(true);
                        }))
                .subscribe(renewed -> {
                    if (!renewed) {
                        log.error("snowflake worker lease {} was lost", key);
                        onLost.accept(key);
                    }
                });
    }

    /** Takes the first free worker for {@code process}. Blocking: call once at startup, off any event loop. */
    public static WorkerLease acquire(
            RedisReactiveCommands<String, String> redis,
            RedisSettings settings,
            int process,
            Duration ttl,
            Consumer<String> onLost) {
        String holder = UUID.randomUUID().toString();
        for (int worker = 0; worker < WORKERS; worker++) {
            String key = settings.key("snowflake:worker:" + process + ":" + worker);
            String taken = redis.set(key, holder, SetArgs.Builder.nx().px(ttl.toMillis()))
                    .block(Duration.ofSeconds(10));
            if ("OK".equals(taken)) {
                log.info("leased snowflake worker {} of process {}", worker, process);
                return new WorkerLease(redis, key, holder, worker, ttl, onLost);
            }
        }
        throw new IllegalStateException("all " + WORKERS + " snowflake workers of process " + process + " are leased");
    }

    public int worker() {
        return worker;
    }

    /** Frees the worker at once on a clean shutdown, rather than after the lease runs out. */
    @Override
    public void close() {
        renewal.dispose();
        LeaseScripts.release(redis, key, holder)
                .onErrorResume(e -> Mono.empty())
                .block(Duration.ofSeconds(2));
    }
}
