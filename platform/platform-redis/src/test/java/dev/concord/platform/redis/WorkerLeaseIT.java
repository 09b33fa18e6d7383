package dev.concord.platform.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.infra.EmbeddedRedisServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Replicas of one service lease distinct workers, free them on shutdown, and learn when one is lost. */
class WorkerLeaseIT {

    /** platform-test builds on platform-auth, which builds on this module: this test starts its own Redis. */
    private static final EmbeddedRedisServer REDIS = EmbeddedRedisServer.start(0);

    private final RedisClient client = RedisClient.create(REDIS.uri());
    private final RedisReactiveCommands<String, String> redis = client.connect().reactive();
    private final RedisSettings settings = new RedisSettings(REDIS.uri(), "worker-lease-it:" + System.nanoTime() + ":");

    @AfterEach
    void close() {
        client.shutdown();
    }

    @AfterAll
    static void stopRedis() {
        REDIS.close();
    }

    @Test
    void replicasGetDistinctWorkersAndAFreedWorkerIsReused() {
        WorkerLease first = lease(7);
        try (WorkerLease second = lease(7);
                WorkerLease otherService = lease(8)) {
            assertThat(Set.of(first.worker(), second.worker())).hasSize(2);
            assertThat(otherService.worker()).isZero();
            int freed = first.worker();
            first.close();
            try (WorkerLease next = lease(7)) {
                assertThat(next.worker()).isEqualTo(freed);
            }
        }
    }

    @Test
    void aLostLeaseIsReported() throws Exception {
        CompletableFuture<String> lost = new CompletableFuture<>();
        try (WorkerLease lease = WorkerLease.acquire(redis, settings, 9, Duration.ofMillis(600), lost::complete)) {
            String key = settings.key("snowflake:worker:9:" + lease.worker());
            redis.set(key, "someone else").block();

            assertThat(lost.get(5, TimeUnit.SECONDS)).isEqualTo(key);
        }
    }

    @Test
    void renewalsGoOnAfterRedisStalledForLongerThanATick() throws Exception {
        CompletableFuture<String> lost = new CompletableFuture<>();
        Duration ttl = Duration.ofSeconds(3);
        try (WorkerLease lease = WorkerLease.acquire(redis, settings, 10, ttl, lost::complete)) {
            String key = settings.key("snowflake:worker:10:" + lease.worker());
            // Two ticks fall in the pause: the renewal of the first is still waiting when the second comes.
            redis.clientPause(2_500).block();
            Thread.sleep(2_500 + ttl.toMillis() + 1_000);

            assertThat(redis.pttl(key).block())
                    .as("renewed after the stall, not left to run out")
                    .isPositive();
            assertThat(lost).isNotDone();
        }
    }

    private WorkerLease lease(int process) {
        return WorkerLease.acquire(redis, settings, process, Duration.ofSeconds(30), key -> {});
    }
}
