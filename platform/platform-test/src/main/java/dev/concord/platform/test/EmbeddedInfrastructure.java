package dev.concord.platform.test;

import dev.concord.platform.infra.EmbeddedKafkaServer;
import dev.concord.platform.infra.EmbeddedPostgresServer;
import dev.concord.platform.infra.EmbeddedRedisServer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/** The Docker-free backend: platform-infra's servers on free loopback ports with temporary data. */
final class EmbeddedInfrastructure implements ManagedInfrastructure {

    private final EmbeddedPostgresServer postgres;
    private final EmbeddedRedisServer redis;
    private final EmbeddedKafkaServer kafka;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedInfrastructure(
            EmbeddedPostgresServer postgres, EmbeddedRedisServer redis, EmbeddedKafkaServer kafka) {
        this.postgres = postgres;
        this.redis = redis;
        this.kafka = kafka;
    }

    static EmbeddedInfrastructure start() {
        // PostgreSQL is a child process, so its ~1 s start overlaps the in-JVM broker's start.
        Executor background = task -> {
            Thread thread = new Thread(task, "embedded-postgres-start");
            thread.setDaemon(true);
            thread.start();
        };
        CompletableFuture<EmbeddedPostgresServer> postgres =
                CompletableFuture.supplyAsync(() -> EmbeddedPostgresServer.start(0), background);
        EmbeddedRedisServer redis = null;
        try {
            redis = EmbeddedRedisServer.start(0);
            EmbeddedKafkaServer kafka = EmbeddedKafkaServer.start(0);
            return new EmbeddedInfrastructure(join(postgres), redis, kafka);
        } catch (RuntimeException e) {
            if (redis != null) {
                redis.close();
            }
            postgres.thenAccept(EmbeddedPostgresServer::close);
            throw e;
        }
    }

    private static EmbeddedPostgresServer join(CompletableFuture<EmbeddedPostgresServer> postgres) {
        try {
            return postgres.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    @Override
    public String description() {
        return "embedded: PostgreSQL :" + postgres.port() + ", Redis :" + redis.port() + ", Kafka :" + kafka.port();
    }

    @Override
    public boolean usesContainers() {
        return false;
    }

    @Override
    public String postgresJdbcUrl(String database) {
        return postgres.jdbcUrl(database);
    }

    @Override
    public String postgresR2dbcUrl(String database) {
        return postgres.r2dbcUrl(database);
    }

    @Override
    public String postgresUser() {
        return postgres.user();
    }

    @Override
    public String postgresPassword() {
        return postgres.password();
    }

    @Override
    public void createDatabase(String name) {
        postgres.createDatabase(name);
    }

    @Override
    public String redisUri() {
        return redis.uri();
    }

    @Override
    public String kafkaBootstrapServers() {
        return kafka.bootstrapServers();
    }

    @Override
    public Optional<EmbeddedKafkaServer> embeddedKafka() {
        return Optional.of(kafka);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            // Each in its own try: one server failing to stop must not leave the others running.
            try {
                kafka.close();
            } finally {
                try {
                    redis.close();
                } finally {
                    postgres.close();
                }
            }
        }
    }
}
