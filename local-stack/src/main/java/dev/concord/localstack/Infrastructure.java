package dev.concord.localstack;

import dev.concord.platform.infra.EmbeddedKafkaServer;
import dev.concord.platform.infra.EmbeddedPostgresServer;
import dev.concord.platform.infra.EmbeddedRedisServer;
import dev.concord.platform.infra.ServerLogs;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * PostgreSQL, Redis and Kafka for the stack, the same embedded servers the services' own tests use.
 * PostgreSQL and Kafka keep their data under the state directory, so the demo user, its settings and
 * events survive a restart; Redis holds only caches and sessions.
 */
final class Infrastructure implements AutoCloseable {

    final EmbeddedPostgresServer postgres;
    final EmbeddedRedisServer redis;
    final EmbeddedKafkaServer kafka;

    private Infrastructure(EmbeddedPostgresServer postgres, EmbeddedRedisServer redis, EmbeddedKafkaServer kafka) {
        this.postgres = postgres;
        this.redis = redis;
        this.kafka = kafka;
    }

    /**
     * Starts the three servers at once (each takes seconds, mostly waiting) and creates every app's
     * database. If one fails, the others are stopped again before the failure is rethrown.
     */
    static Infrastructure start(Options options) {
        // Initialises logging on this thread first: SLF4J set up concurrently by the three starters
        // hands out substitute loggers, and the servers' INFO chatter would escape being turned down.
        ServerLogs.quiet();
        // Own threads: the common pool may run fewer than three tasks at a time on a small machine.
        ExecutorService threads = Executors.newFixedThreadPool(3);
        var postgres = CompletableFuture.supplyAsync(() -> startPostgres(options), threads);
        var redis = CompletableFuture.supplyAsync(() -> EmbeddedRedisServer.start(options.redisPort()), threads);
        var kafka = CompletableFuture.supplyAsync(
                () -> EmbeddedKafkaServer.start(
                        options.kafkaPort(), options.stateDir().resolve("kafka")),
                threads);
        threads.shutdown();
        try {
            CompletableFuture.allOf(postgres, redis, kafka).join();
            return new Infrastructure(postgres.join(), redis.join(), kafka.join());
        } catch (CompletionException e) {
            postgres.thenAccept(Infrastructure::closeQuietly);
            redis.thenAccept(Infrastructure::closeQuietly);
            kafka.thenAccept(Infrastructure::closeQuietly);
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private static EmbeddedPostgresServer startPostgres(Options options) {
        EmbeddedPostgresServer server = EmbeddedPostgresServer.start(
                options.postgresPort(), options.stateDir().resolve("postgres"));
        try {
            for (App app : App.values()) {
                String database = app.database();
                if (database != null) {
                    server.createDatabase(database);
                }
            }
            return server;
        } catch (RuntimeException e) {
            closeQuietly(server);
            throw e;
        }
    }

    /** Stops in reverse dependency order; every server is stopped even if another one fails to. */
    @Override
    public void close() {
        closeQuietly(kafka);
        closeQuietly(redis);
        closeQuietly(postgres);
    }

    private static void closeQuietly(AutoCloseable server) {
        try {
            server.close();
        } catch (Exception e) {
            System.err.println("[local-stack] " + server.getClass().getSimpleName() + " did not stop cleanly: " + e);
        }
    }
}
