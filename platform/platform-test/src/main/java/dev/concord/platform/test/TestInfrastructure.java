package dev.concord.platform.test;

import dev.concord.platform.infra.EmbeddedKafkaServer;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL server, Redis server and Kafka broker shared by every test in this JVM. Started
 * lazily by the first {@link #get()} and stopped when the JVM exits (after Spring Boot has closed
 * its application contexts, so services shut down against live servers).
 *
 * <p>When a Docker engine is reachable these are Testcontainers ({@code postgres:17-alpine},
 * {@code redis:7-alpine}, {@code apache/kafka:4.1.0}); otherwise the platform-infra servers run
 * on free loopback ports. Force a side with {@code -Dconcord.test.infrastructure=embedded|containers}
 * (or the {@code CONCORD_TEST_INFRASTRUCTURE} environment variable).
 */
public interface TestInfrastructure {

    /** The JVM-wide instance, started on first use; a failed start is rethrown on every later call. */
    static TestInfrastructure get() {
        return InfrastructureHolder.instance();
    }

    /** True when backed by Testcontainers, false for the embedded servers. */
    boolean usesContainers();

    String postgresJdbcUrl(String database);

    String postgresR2dbcUrl(String database);

    String postgresUser();

    String postgresPassword();

    /** Creates the database unless it exists; names are lower-case identifiers of at most 63 chars. */
    void createDatabase(String name);

    /** e.g. {@code redis://127.0.0.1:6379}. */
    String redisUri();

    String kafkaBootstrapServers();

    /** The embedded broker, which tests can stop and start; empty when running on containers. */
    Optional<EmbeddedKafkaServer> embeddedKafka();

    /**
     * The embedded broker for tests that stop and restart Kafka. Under Testcontainers such a test is
     * skipped (aborted via a JUnit assumption) rather than failed, since a container cannot come back
     * on the same mapped port. A test that stops the broker must start it again: it is shared.
     */
    default EmbeddedKafkaServer kafka() {
        Optional<EmbeddedKafkaServer> kafka = embeddedKafka();
        Assumptions.assumeTrue(
                kafka.isPresent(),
                "Stopping and starting Kafka needs the embedded broker; this run uses Testcontainers");
        return kafka.orElseThrow();
    }
}
