package dev.concord.platform.events;

import java.util.List;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/** Reads events from Kafka. Our own seam over the client library, like {@link EventPublisher}. */
public interface EventSubscriber {

    /** Where a new consumer group starts: the whole retained log, or only what comes next. */
    enum StartFrom {
        EARLIEST,
        LATEST
    }

    /**
     * Handles every event of {@code topics} (names without the test prefix) in order per partition,
     * committing the offset after the handler completes: at-least-once, so handlers must be idempotent
     * (see {@link ProcessedEvents}). A failing handler is retried; the stream never stops on one event.
     */
    Disposable subscribe(
            String groupId, List<String> topics, StartFrom startFrom, Function<EventEnvelope, Mono<Void>> handler);
}
