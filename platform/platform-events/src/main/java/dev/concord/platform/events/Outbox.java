package dev.concord.platform.events;

import dev.concord.platform.ids.SnowflakeGenerator;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.reactive.TransactionSynchronization;
import org.springframework.transaction.reactive.TransactionSynchronizationManager;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records events in the service's own database. The service that makes a change appends its events:
 * inside the transaction that makes the change ({@link #append}, {@link #appendAll}), or, for a change
 * that is one statement, with that statement ({@link #appendForEachRow}). The event is then published if
 * and only if the change commits. Events of a change kept elsewhere (a voice state, in Redis) are appended
 * outside any transaction: the insert is then a statement of its own, committed at once, and BEGIN and COMMIT
 * would only add two round trips to the event's way out.
 */
public final class Outbox {

    /** How many of {@link #withOutbox}'s statements are kept. */
    private static final int MAX_STATEMENTS = 1_000;

    private final DatabaseClient db;
    private final EventEnvelopes envelopes;
    private final EventSettings settings;
    private final OutboxWakeUps wakeUps;
    /** {@link #withOutbox}'s statements by the change's. */
    private final Map<String, String> statements = new ConcurrentHashMap<>();

    public Outbox(
            DatabaseClient db,
            JsonMapper mapper,
            SnowflakeGenerator ids,
            Clock clock,
            EventSettings settings,
            OutboxWakeUps wakeUps,
            String applicationName) {
        if (settings.topic() == null || settings.topic().isBlank()) {
            throw new IllegalStateException("concord.kafka.topic is not set: the outbox needs this service's topic");
        }
        this.db = db;
        this.envelopes = new EventEnvelopes(mapper, ids, clock, settings, applicationName);
        this.settings = settings;
        this.wakeUps = wakeUps;
    }

    public Mono<Void> append(DomainEvent event) {
        return Mono.fromCallable(() -> envelopes.write(event))
                .flatMap(payload -> db.sql(
                                "INSERT INTO outbox (topic, event_key, payload) VALUES (:topic, :key, :payload)")
                        .bind("topic", settings.topicName(settings.topic()))
                        .bind("key", event.key())
                        .bind("payload", payload)
                        .then())
                .then(wakeAfterCommit());
    }

    /**
     * Records several events in one statement, in list order (a change that touches many rows, such as a
     * reorder, pays one round trip for its events, not one per row).
     */
    public Mono<Void> appendAll(List<DomainEvent> events) {
        if (events.isEmpty()) {
            return Mono.empty();
        }
        return Mono.fromCallable(() ->
                        events.stream().map(event -> envelopes.write(event)).toArray(String[]::new))
                .flatMap(payloads -> db.sql("""
                                INSERT INTO outbox (topic, event_key, payload)
                                SELECT :topic, e.event_key, e.payload
                                FROM unnest(:keys::text[], :payloads::text[]) WITH ORDINALITY AS e (event_key, payload, position)
                                ORDER BY e.position""")
                        .bind("topic", settings.topicName(settings.topic()))
                        .bind("keys", events.stream().map(DomainEvent::key).toArray(String[]::new))
                        .bind("payloads", payloads)
                        .then())
                .then(wakeAfterCommit());
    }

    /**
     * Runs {@code change} and records {@code event} once for each row it returns, in that one statement,
     * and answers those rows as {@code change} reads them. A change that is a single statement then needs
     * no explicit transaction: a statement commits whole, so its event is recorded if and only if the change
     * is, and the caller pays one round trip instead of BEGIN, change, insert, COMMIT. A change that returns
     * no row (nothing to change) records nothing.
     */
    public <T> Flux<T> appendForEachRow(Change<T> change, DomainEvent event) {
        return Mono.fromCallable(() -> {
                    Map<String, Object> parameters = change.parameters(3);
                    parameters.put("outbox_topic", settings.topicName(settings.topic()));
                    parameters.put("outbox_key", event.key());
                    parameters.put("outbox_payload", envelopes.write(event));
                    return parameters;
                })
                .flatMapMany(parameters -> db.sql(withOutbox(change.sql()))
                        .bindValues(parameters)
                        .map(change::read)
                        .all())
                // Whole before the first row goes on, so a caller taking only that row cannot cancel the wake-up.
                .collectList()
                .flatMapMany(rows -> wakeAfterCommit().thenMany(Flux.fromIterable(rows)));
    }

    /**
     * The change's statement with the outbox insert around it; the same string for the same change, so
     * that the driver's caches of parsed and prepared statements find it by a hash computed once. Changes
     * are statements written in the code, a few dozen at most; should a service build them by the
     * thousand, those beyond the bound are wrapped anew each time.
     */
    private String withOutbox(String changeSql) {
        String wrapped = statements.get(changeSql);
        if (wrapped == null) {
            wrapped = "WITH changed AS (" + changeSql + """
                    ),
                    recorded AS (
                        INSERT INTO outbox (topic, event_key, payload)
                        SELECT :outbox_topic, :outbox_key, :outbox_payload FROM changed)
                    SELECT * FROM changed""";
            if (statements.size() < MAX_STATEMENTS) {
                statements.putIfAbsent(changeSql, wrapped);
            }
        }
        return wrapped;
    }

    /**
     * Wakes the relay once what was just written has committed: at the commit of the transaction it is part
     * of, or now, when the statement ran on its own and has therefore committed already. A rollback wakes
     * nothing.
     */
    private Mono<Void> wakeAfterCommit() {
        return TransactionSynchronizationManager.forCurrentTransaction()
                .doOnNext(transaction -> {
                    if (transaction.isSynchronizationActive()) {
                        transaction.registerSynchronization(new TransactionSynchronization() {
                            @Override
                            public Mono<Void> afterCommit() {
                                return Mono.fromRunnable(wakeUps::committed);
                            }
                        });
                    } else {
                        wakeUps.committed();
                    }
                })
                .onErrorResume(NoTransactionException.class, none -> Mono.fromRunnable(wakeUps::committed))
                .then();
    }
}
