package dev.concord.platform.events;

import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
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
 * drops. It wakes when events commit ({@link OutboxWakeUps}: in memory for its own instance's, by the
 * {@code outbox} notification for the others'), with a slow poll as a safety net.
 * A row is deleted only after Kafka acknowledged it, so a crash or an outage can repeat an event but
 * never lose one; consumers drop repeats by event id.
 */
public final class OutboxRelay implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);
    /** Any constant unique to the relay; PostgreSQL scopes advisory locks to the database. */
    private static final long LOCK_KEY = 0x6f7574626f78L;

    private final ConnectionFactory listenerConnections;
    private final DatabaseClient db;
    private final EventPublisher publisher;
    private final EventSettings settings;
    private final OutboxWakeUps wakeUps;
    private volatile @Nullable Disposable running;

    public OutboxRelay(
            ConnectionFactory listenerConnections,
            DatabaseClient db,
            EventPublisher publisher,
            EventSettings settings,
            OutboxWakeUps wakeUps) {
        this.listenerConnections = listenerConnections;
        this.db = db;
        this.publisher = publisher;
        this.settings = settings;
        this.wakeUps = wakeUps;
    }

    @Override
    public void start() {
        running = Flux.usingWhen(
                        Mono.from(listenerConnections.create()).cast(PostgresqlConnection.class),
                        this::leadThenRelay,
                        connection -> Mono.from(connection.close()))
                .retryWhen(Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(200))
                        .maxBackoff(Duration.ofSeconds(5))
                        .doBeforeRetry(signal -> log.warn(
                                "outbox relay restarting: {}", signal.failure().toString())))
                .subscribe();
    }

    private Flux<Long> leadThenRelay(PostgresqlConnection connection) {
        Mono<Void> lead = Mono.from(connection
                        .createStatement("SELECT pg_try_advisory_lock(" + LOCK_KEY + ")")
                        .execute())
                .flatMap(result -> Mono.from(result.map((row, meta) -> Boolean.TRUE.equals(row.get(0, Boolean.class)))))
                .filter(Boolean::booleanValue)
                .repeatWhenEmpty(attempts -> attempts.delayElements(Duration.ofSeconds(2)))
                .then();
        Mono<Void> listen = Mono.from(
                        connection.createStatement("LISTEN outbox").execute())
                .flatMap(result -> Mono.from(result.getRowsUpdated()))
                .then();
        // This instance's commits wake it in memory, other instances' by NOTIFY (OutboxWakeUps).
        Flux<Object> wakeUps = Flux.merge(
                Mono.just("start"),
                this.wakeUps.whileLeading(),
                connection.getNotifications(),
                Flux.interval(Duration.ofMillis(settings.relayPollMillis())));
        return lead.then(listen)
                .thenMany(wakeUps
                        // Wake-ups arriving while a drain runs, or in the pause after it, collapse into one
                        // more drain. The pause follows only a drain that found several rows, a stream's
                        // sign: events that come one at a time each go out at once, not up to a pause late.
                        .onBackpressureLatest()
                        .concatMap(
                                wake -> drain().delayUntil(published -> published > 1
                                        ? Mono.delay(Duration.ofMillis(settings.relayPauseMillis()))
                                        : Mono.empty()),
                                1));
    }

    /** Publishes and deletes batches until the outbox is empty; returns rows published. */
    private Mono<Long> drain() {
        return publishBatch()
                .expand(published -> published == settings.relayBatchSize() ? publishBatch() : Mono.empty())
                .reduce(0L, Long::sum)
                .onErrorResume(e -> {
                    log.warn("outbox publish failed, will retry: {}", e.toString());
                    return Mono.delay(Duration.ofMillis(500)).thenReturn(0L);
                });
    }

    private Mono<Long> publishBatch() {
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
                .flatMap(rows -> rows.isEmpty() ? Mono.just(0L) : publishAndDelete(rows))
                // A batch that outlasts every limit of its publish waits for an answer that will not come; its rows
                // stay, and the next drain reads them again (consumers drop a repeat by event id).
                .timeout(Duration.ofMillis(settings.relayBatchTimeoutMillis()));
    }

    private Mono<Long> publishAndDelete(List<Row> rows) {
        Long[] ids = rows.stream().map(Row::id).toArray(Long[]::new);
        return publisher
                .publish(rows.stream().map(Row::record).toList())
                .then(db.sql("DELETE FROM outbox WHERE id = ANY(:ids)")
                        .bind("ids", ids)
                        .then())
                .thenReturn((long) rows.size());
    }

    private record Row(Long id, EventPublisher.OutboundRecord record) {}

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
