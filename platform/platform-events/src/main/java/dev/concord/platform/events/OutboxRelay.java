package dev.concord.platform.events;

import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.r2dbc.connection.SingleConnectionFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Publishes outbox rows to Kafka, in id order, then deletes them.
 *
 * <p>One instance per database relays at a time: it holds a PostgreSQL advisory lock on its own listening
 * connection, so order is kept across replicas and another replica takes over when that connection
 * drops. It reads and deletes rows on that connection too, not the pool's: a query that gets no answer
 * within {@link #QUERY_TIMEOUT} (a driver race once left one waiting forever, and every event of a service
 * with it) makes it drop the connection and start over on a new one, where a pooled connection left in
 * that state would go back to the pool. It wakes when events commit ({@link OutboxWakeUps}: in memory for
 * its own instance's, by the {@code outbox} notification for the others'), with a slow poll as a safety net.
 * A row is deleted only after Kafka acknowledged it, so a crash or an outage can repeat an event but
 * never lose one; consumers drop repeats by event id.
 */
public final class OutboxRelay implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);
    /** Any constant unique to the relay; PostgreSQL scopes advisory locks to the database. */
    private static final long LOCK_KEY = 0x6f7574626f78L;
    /** How long connecting, taking the lead or starting to listen may take before the relay starts over. */
    private static final Duration SETUP_TIMEOUT = Duration.ofSeconds(10);
    /** How long reading or deleting a batch may take before the relay starts over on a new connection. */
    static final Duration QUERY_TIMEOUT = Duration.ofSeconds(5);

    private final ConnectionFactory listenerConnections;
    private final EventPublisher publisher;
    private final EventSettings settings;
    private final OutboxWakeUps wakeUps;
    private volatile @Nullable Disposable running;

    // What the relay does and did, told by toString() (a failed test's report, a heap dump).
    private volatile String phase = "not started";
    private volatile long phaseSince = System.nanoTime();
    private final AtomicLong drains = new AtomicLong();
    private final AtomicLong rowsPublished = new AtomicLong();
    private volatile String lastFailure = "none";
    private volatile long drainStarted;
    private volatile long drainEnded;

    public OutboxRelay(
            ConnectionFactory listenerConnections,
            EventPublisher publisher,
            EventSettings settings,
            OutboxWakeUps wakeUps) {
        this.listenerConnections = listenerConnections;
        this.publisher = publisher;
        this.settings = settings;
        this.wakeUps = wakeUps;
    }

    @Override
    public void start() {
        running = Flux.usingWhen(
                        Mono.defer(() -> {
                                    enter("connecting");
                                    return Mono.from(listenerConnections.create());
                                })
                                // A connection that never comes would keep the relay from ever leading.
                                .timeout(SETUP_TIMEOUT)
                                .cast(PostgresqlConnection.class),
                        this::leadThenRelay,
                        // A close that never answers must not keep the relay from starting over.
                        connection -> Mono.from(connection.close())
                                .timeout(SETUP_TIMEOUT)
                                .onErrorComplete())
                .retryWhen(Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(200))
                        .maxBackoff(Duration.ofSeconds(5))
                        .doBeforeRetry(signal -> {
                            lastFailure = signal.failure().toString();
                            log.warn("outbox relay restarting: {}", lastFailure);
                        }))
                .subscribe();
    }

    private Flux<Long> leadThenRelay(PostgresqlConnection connection) {
        Mono<Boolean> tryLock = Mono.from(connection
                        .createStatement("SELECT pg_try_advisory_lock(" + LOCK_KEY + ")")
                        .execute())
                .flatMap(result -> Mono.from(result.map((row, meta) -> Boolean.TRUE.equals(row.get(0, Boolean.class)))))
                .timeout(SETUP_TIMEOUT);
        Mono<Void> lead = Mono.fromRunnable(() -> enter("waiting to lead"))
                .then(tryLock.filter(Boolean::booleanValue)
                        .repeatWhenEmpty(attempts -> attempts.delayElements(Duration.ofSeconds(2))))
                .then();
        Mono<Void> listen = Mono.from(
                        connection.createStatement("LISTEN outbox").execute())
                .flatMap(result -> Mono.from(result.getRowsUpdated()))
                .timeout(SETUP_TIMEOUT)
                .then();
        DatabaseClient db =
                DatabaseClient.create(new SingleConnectionFactory(connection, listenerConnections.getMetadata(), true));
        // This instance's commits wake it in memory, other instances' by NOTIFY (OutboxWakeUps).
        Flux<Object> wakeUps = Flux.merge(
                Mono.just("start"),
                this.wakeUps.whileLeading(),
                connection.getNotifications(),
                Flux.interval(Duration.ofMillis(settings.relayPollMillis())));
        return lead.doOnSuccess(leading -> enter("starting to listen"))
                .then(listen)
                .doOnSuccess(listening -> enter("leading"))
                .thenMany(wakeUps
                        // Wake-ups arriving while a drain runs, or in the pause after it, collapse into one
                        // more drain. The pause follows only a drain that found several rows, a stream's
                        // sign: events that come one at a time each go out at once, not up to a pause late.
                        .onBackpressureLatest()
                        .concatMap(
                                wake -> drain(db)
                                        .delayUntil(published -> published > 1
                                                ? Mono.delay(Duration.ofMillis(settings.relayPauseMillis()))
                                                : Mono.empty()),
                                1));
    }

    /** Publishes and deletes batches until the outbox is empty; returns rows published. */
    private Mono<Long> drain(DatabaseClient db) {
        return publishBatch(db)
                .expand(rows -> rows == settings.relayBatchSize() ? publishBatch(db) : Mono.empty())
                .reduce(0L, Long::sum)
                .doOnSubscribe(subscription -> {
                    drains.incrementAndGet();
                    drainStarted = System.nanoTime();
                })
                .doOnNext(rowsPublished::addAndGet)
                .doFinally(signal -> drainEnded = System.nanoTime())
                // A query left unanswered ends the relay's run instead: its connection is dropped, not reused.
                .onErrorResume(e -> !(e instanceof UnansweredQueryException), e -> {
                    lastFailure = e.toString();
                    log.warn("outbox publish failed, will retry: {}", lastFailure);
                    return Mono.delay(Duration.ofMillis(500)).thenReturn(0L);
                });
    }

    private Mono<Long> publishBatch(DatabaseClient db) {
        return db.sql("SELECT id, topic, event_key, payload FROM outbox ORDER BY id LIMIT :limit")
                .bind("limit", settings.relayBatchSize())
                .map((row, meta) -> new Row(
                        row.get("id", Long.class),
                        new EventPublisher.OutboundRecord(
                                row.get("topic", String.class),
                                row.get("event_key", String.class),
                                row.get("payload", String.class))))
                .all()
                .collectList()
                .transform(query -> answeredWithin(query, "reading the outbox"))
                .flatMap(rows -> rows.isEmpty() ? Mono.just(0L) : publishAndDelete(db, rows))
                // A batch that outlasts every limit of its publish waits for an answer that will not come; its rows
                // stay, and the next drain reads them again (consumers drop a repeat by event id).
                .timeout(Duration.ofMillis(settings.relayBatchTimeoutMillis()));
    }

    private Mono<Long> publishAndDelete(DatabaseClient db, List<Row> rows) {
        Long[] ids = rows.stream().map(Row::id).toArray(Long[]::new);
        return publisher
                .publish(rows.stream().map(Row::record).toList())
                .then(answeredWithin(
                        db.sql("DELETE FROM outbox WHERE id = ANY(:ids)")
                                .bind("ids", ids)
                                .then(),
                        "deleting published rows"))
                .thenReturn((long) rows.size());
    }

    private static <T> Mono<T> answeredWithin(Mono<T> query, String what) {
        return query.timeout(
                QUERY_TIMEOUT,
                Mono.error(() -> new UnansweredQueryException(what + ": no answer within " + QUERY_TIMEOUT)));
    }

    /** A query of the relay's got no answer in time: its connection is not to be trusted with another. */
    static final class UnansweredQueryException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnansweredQueryException(String message) {
            super(message);
        }
    }

    private record Row(Long id, EventPublisher.OutboundRecord record) {}

    private void enter(String next) {
        phase = next;
        phaseSince = System.nanoTime();
    }

    /** Its phase and since when, what it published, its last failure, and its publisher's own state. */
    @Override
    public String toString() {
        String drain;
        if (drains.get() == 0) {
            drain = "no drain yet";
        } else if (drainEnded - drainStarted < 0) {
            drain = "a drain running for " + millisSince(drainStarted) + " ms";
        } else {
            drain = "the last drain ended " + millisSince(drainEnded) + " ms ago";
        }
        return "OutboxRelay[" + phase + " for " + millisSince(phaseSince) + " ms; " + drains.get() + " drains, "
                + rowsPublished.get() + " rows published, " + drain + "; last failure: " + lastFailure + "; publisher: "
                + publisher + "]";
    }

    private static long millisSince(long nanoTime) {
        return Duration.ofNanos(System.nanoTime() - nanoTime).toMillis();
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
