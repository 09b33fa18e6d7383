package dev.concord.platform.events;

import java.util.function.Function;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Makes a handler idempotent: the event id is recorded in the same transaction as the handler's
 * changes, and an event already recorded is skipped.
 */
public final class ProcessedEvents {

    private final DatabaseClient db;
    private final TransactionalOperator transactions;

    public ProcessedEvents(DatabaseClient db, TransactionalOperator transactions) {
        this.db = db;
        this.transactions = transactions;
    }

    public Function<EventEnvelope, Mono<Void>> once(Function<EventEnvelope, Mono<Void>> handler) {
        return event -> db.sql("INSERT INTO processed_events (event_id) VALUES (:id) ON CONFLICT DO NOTHING")
                .bind("id", event.id().value())
                .fetch()
                .rowsUpdated()
                .flatMap(inserted -> inserted == 1 ? handler.apply(event) : Mono.<Void>empty())
                .as(transactions::transactional);
    }
}
