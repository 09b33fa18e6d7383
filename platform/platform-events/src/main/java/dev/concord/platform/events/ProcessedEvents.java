package dev.concord.platform.events;

import java.util.Set;
import java.util.function.Function;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Makes a handler idempotent: the event id is recorded, for that consumer, in the same transaction as
 * the handler's changes, and an event the consumer already recorded is skipped. Per consumer, because
 * several consumers of one service may read the same topic and each must see every event.
 */
public final class ProcessedEvents {

    private final DatabaseClient db;
    private final TransactionalOperator transactions;

    public ProcessedEvents(DatabaseClient db, TransactionalOperator transactions) {
        this.db = db;
        this.transactions = transactions;
    }

    /**
     * {@code handler}, run at most once per event of {@code types} for {@code consumer} (its consumer group, say).
     * Events of other types are passed over without a trip to the database: the handlers ignore them, and
     * recording them as well cost a transaction, with its flushed commit, for every event of the topic (every
     * message, voice state or setting on it) in every consumer that reads it.
     */
    public Function<EventEnvelope, Mono<Void>> once(
            String consumer, Set<String> types, Function<EventEnvelope, Mono<Void>> handler) {
        return event -> types.contains(event.type()) ? once(consumer, handler, event) : Mono.empty();
    }

    private Mono<Void> once(String consumer, Function<EventEnvelope, Mono<Void>> handler, EventEnvelope event) {
        return db.sql(
                        "INSERT INTO processed_events (consumer, event_id) VALUES (:consumer, :id) ON CONFLICT DO NOTHING")
                .bind("consumer", consumer)
                .bind("id", event.id().value())
                .fetch()
                .rowsUpdated()
                .flatMap(inserted -> inserted == 1 ? handler.apply(event) : Mono.<Void>empty())
                .as(transactions::transactional);
    }
}
