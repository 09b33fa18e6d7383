package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.test.RealInfrastructure;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * A transaction whose subscriber cancels while it waits for a row lock (a client that went away) still
 * ends, instead of leaving its connection open in the pool with its locks held.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=run-to-end-test", "spring.flyway.locations=classpath:db/platform"})
@RealInfrastructure
class RunToEndIT {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {}

    @Autowired
    TransactionalOperator transactions;

    @Autowired
    DatabaseClient db;

    @BeforeEach
    void table() {
        db.sql("CREATE TABLE IF NOT EXISTS counters (id INT PRIMARY KEY, n INT NOT NULL)")
                .then()
                .then(db.sql("TRUNCATE counters").then())
                .then(db.sql("INSERT INTO counters VALUES (1, 0)").then())
                .block();
    }

    @Test
    void aTransactionCancelledWhileWaitingForALockEndsAndReleasesIt() {
        // Holds row 1 until released, as a concurrent change of the same row would.
        Sinks.Empty<Void> release = Sinks.empty();
        Mono<Void> holder = db.sql("UPDATE counters SET n = n + 1 WHERE id = 1")
                .then()
                .then(release.asMono())
                .as(transactions::transactional);
        Disposable held = holder.subscribe();
        await().atMost(Duration.ofSeconds(10)).until(() -> idleInTransaction() == 1);
        Mono<Void> waiter = db.sql("INSERT INTO counters VALUES (2, 0)")
                .then()
                .then(db.sql("UPDATE counters SET n = n + 10 WHERE id = 1").then())
                .as(transactions::transactional);

        Disposable cancelled = waiter.subscribe();
        // Cancelled only once it really waits for the lock (not before it began, however slow the machine).
        await().atMost(Duration.ofSeconds(10)).until(() -> waitingForALock() == 1);
        cancelled.dispose();
        release.tryEmitEmpty();
        // The cancelled one still ran to its commit: its row shows once it has, and only then is row 1
        // changed again (else this UPDATE could take the lock before it and see 1 rather than 11).
        await().atMost(Duration.ofSeconds(10)).until(() -> rowsWithId(2) == 1);

        // Both ended on their own: nothing left open, and row 1 is free for the next change.
        Long n = db.sql("UPDATE counters SET n = n + 100 WHERE id = 1 RETURNING n")
                .map(row -> row.get("n", Long.class))
                .one()
                .as(transactions::transactional)
                .block(Duration.ofSeconds(5));
        assertThat(held.isDisposed()).isTrue();
        assertThat(n).isEqualTo(111);
        assertThat(rowsWithId(2)).isEqualTo(1);
        assertThat(idleInTransaction()).isZero();
    }

    @Test
    void aCancelledTransactionStillRollsBackOnFailure() {
        Mono<Void> failing = db.sql("INSERT INTO counters VALUES (3, 0)")
                .then()
                .then(Mono.delay(Duration.ofMillis(300)))
                .then(Mono.<Void>error(new IllegalStateException("the change failed")))
                .as(transactions::transactional);

        Disposable cancelled = failing.subscribe(done -> {}, error -> {});
        pause(100);
        cancelled.dispose();
        pause(600);

        assertThat(db.sql("SELECT count(*) AS c FROM counters WHERE id = 3")
                        .map(row -> row.get("c", Long.class))
                        .one()
                        .block())
                .isZero();
        assertThat(idleInTransaction()).isZero();
    }

    private long rowsWithId(int id) {
        return db.sql("SELECT count(*) AS c FROM counters WHERE id = :id")
                .bind("id", id)
                .map(row -> row.get("c", Long.class))
                .one()
                .block();
    }

    private long waitingForALock() {
        return db.sql(
                        "SELECT count(*) AS c FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
                .map(row -> row.get("c", Long.class))
                .one()
                .block();
    }

    private long idleInTransaction() {
        return db.sql(
                        "SELECT count(*) AS c FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'")
                .map(row -> row.get("c", Long.class))
                .one()
                .block();
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
