package dev.concord.platform.events;

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

    /** {@code handler}, run at most once per event for {@code consumer} (its consumer group, say). */
    public Function<EventEnvelope, Mono<Void>> once(String consumer, Function<EventEnvelope, Mono<Void>> handler) {
        return event -> db.sql(
                        "INSERT INTO processed_events (consumer, event_id) VALUES (:consumer, :id) ON CONFLICT DO NOTHING")
                .bind("consumer", consumer)
                .bind("id", event.id().value())
                .fetch()
                .rowsUpdated()
                .flatMap(inserted -> inserted == 1 ? handler.apply(event) : Mono.<Void>empty())
                .as(transactions::transactional);
    }
}
