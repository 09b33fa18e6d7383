package dev.concord.platform.test;

import dev.concord.platform.infra.EmbeddedKafkaServer;
import dev.concord.platform.infra.PostgresDatabases;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/** The Docker backend: one container per server, configured like the embedded servers. */
final class ContainerInfrastructure implements ManagedInfrastructure {

    private static final String USER = "concord";
    private static final String PASSWORD = "concord";
    private static final String MAINTENANCE_DATABASE = "postgres";
    private static final int REDIS_PORT = 6379;

    private final PostgreSQLContainer postgres;
    private final GenericContainer<?> redis;
    private final KafkaContainer kafka;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ContainerInfrastructure(PostgreSQLContainer postgres, GenericContainer<?> redis, KafkaContainer kafka) {
        this.postgres = postgres;
        this.redis = redis;
        this.kafka = kafka;
    }

    static ContainerInfrastructure start() {
        PostgreSQLContainer postgres = new PostgreSQLContainer(DockerImageName.parse("postgres:17-alpine"))
                .withDatabaseName(MAINTENANCE_DATABASE)
                .withUsername(USER)
                .withPassword(PASSWORD);
        GenericContainer<?> redis = new GenericContainer<>(DockerImageName.parse("redis:7-alpine"))
                .withExposedPorts(REDIS_PORT)
                .withCommand("redis-server", "--save", "", "--appendonly", "no");
        KafkaContainer kafka = new KafkaContainer(DockerImageName.parse("apache/kafka:4.1.0"))
                // Same single-broker settings as EmbeddedKafkaServer, so both paths behave alike.
                .withEnv("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "true")
                .withEnv("KAFKA_NUM_PARTITIONS", "3")
                .withEnv("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS", "3")
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1")
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_NUM_PARTITIONS", "3")
                .withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0");
        ContainerInfrastructure infrastructure = new ContainerInfrastructure(postgres, redis, kafka);
        try {
            Startables.deepStart(postgres, redis, kafka).join();
            return infrastructure;
        } catch (RuntimeException e) {
            infrastructure.close();
            throw e;
        }
    }

    @Override
    public String description() {
        return "Testcontainers: " + postgres.getDockerImageName() + ", " + redis.getDockerImageName() + ", "
                + kafka.getDockerImageName();
    }

    @Override
    public boolean usesContainers() {
        return true;
    }

    @Override
    public String postgresJdbcUrl(String database) {
        return "jdbc:postgresql://" + postgresAddress() + "/" + PostgresDatabases.requireValidName(database);
    }

    @Override
    public String postgresR2dbcUrl(String database) {
        return "r2dbc:postgresql://" + postgresAddress() + "/" + PostgresDatabases.requireValidName(database);
    }

    @Override
    public String postgresUser() {
        return USER;
    }

    @Override
    public String postgresPassword() {
        return PASSWORD;
    }

    @Override
    public void createDatabase(String name) {
        PostgresDatabases.createIfMissing(postgresJdbcUrl(MAINTENANCE_DATABASE), USER, PASSWORD, name);
    }

    @Override
    public String redisUri() {
        return "redis://" + redis.getHost() + ":" + redis.getMappedPort(REDIS_PORT);
    }

    @Override
    public String kafkaBootstrapServers() {
        return kafka.getBootstrapServers();
    }

    @Override
    public Optional<EmbeddedKafkaServer> embeddedKafka() {
        return Optional.empty();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            // stop() is a no-op for a container that never started; Ryuk reaps anything left over.
            kafka.stop();
            redis.stop();
            postgres.stop();
        }
    }

    private String postgresAddress() {
        return postgres.getHost() + ":" + postgres.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT);
    }
}
