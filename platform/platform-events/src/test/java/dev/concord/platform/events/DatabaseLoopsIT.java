package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.RealInfrastructure;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;

/** A service's pooled PostgreSQL connections are decoded on more than one thread. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=database-loops-test", "spring.flyway.locations=classpath:db/platform"})
@RealInfrastructure
class DatabaseLoopsIT {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {}

    @Autowired
    DatabaseClient db;

    @Test
    void thePoolsConnectionsSpreadOverTheLoops() {
        Map<Integer, String> threadOfConnection = new ConcurrentHashMap<>();
        // As many at once as the pool has connections (10): each query takes one.
        Flux.range(0, 40)
                .flatMap(
                        i -> db.sql("SELECT pg_backend_pid() AS pid, pg_sleep(0.05)")
                                .map(row -> {
                                    threadOfConnection.put(
                                            row.get("pid", Integer.class),
                                            Thread.currentThread().getName());
                                    return true;
                                })
                                .all(),
                        40)
                .blockLast(Duration.ofSeconds(30));

        Set<String> threads = Set.copyOf(threadOfConnection.values());
        assertThat(threadOfConnection).as("connections used").hasSizeGreaterThan(2);
        assertThat(threads).allMatch(name -> name.startsWith("r2dbc-postgresql-"));
        assertThat(threads)
                .as("threads decoding rows, of %s", threadOfConnection)
                .hasSizeGreaterThan(1);
    }

    @Test
    void anOddNumberOfLoopsAtLeastOnePerCore() {
        assertThat(DatabaseLoopsAutoConfiguration.loopCount(1)).isEqualTo(1);
        assertThat(DatabaseLoopsAutoConfiguration.loopCount(2)).isEqualTo(3);
        assertThat(DatabaseLoopsAutoConfiguration.loopCount(8)).isEqualTo(9);
    }
}
