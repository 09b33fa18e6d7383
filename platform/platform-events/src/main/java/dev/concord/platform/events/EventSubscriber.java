package dev.concord.platform.events;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/** Reads events from Kafka. Our own seam over the client library, like {@link EventPublisher}. */
public interface EventSubscriber {

    /** A running subscription: it stops when disposed, and tells when it has handled all that was published. */
    interface Subscription extends Disposable {

        /**
         * Completes once every event published to its topics before the call has been handled (a gateway
         * handing a session over to another instance waits for this, so the two miss nothing between them).
         */
        Mono<Void> caughtUp();
    }

    /**
     * An event as far as a listener that only drops what it keeps needs it: its type and its Kafka key, the
     * id of what the event is about (a message's channel, a webhook's channel, a guild), read without the
     * payload.
     */
    record EventSummary(String type, String key) {}

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
    Subscription subscribe(
            String groupId, List<String> topics, StartFrom startFrom, Function<EventEnvelope, Mono<Void>> handler);

    /**
     * Like {@link #subscribe}, with the events handed over in batches of whatever has arrived (up to a few
     * hundred, in order, waiting a few milliseconds at most for more): for a handler that writes many
     * events in one statement, where one round trip per event would cost more than the work.
     */
    Subscription subscribeBatches(
            String groupId,
            List<String> topics,
            StartFrom startFrom,
            Function<List<EventEnvelope>, Mono<Void>> handler);

    /**
     * Like {@link #subscribe}, reading of each event only its type and key ({@link EventSummary}): its data,
     * often a whole message, is never parsed, for a listener on a busy topic that needs no more (a cache
     * that forgets a channel on any of its messages' events).
     */
    Subscription subscribeSummaries(
            String groupId, List<String> topics, StartFrom startFrom, Function<EventSummary, Mono<Void>> handler);

    /**
     * Goes on with the group of a consumer that is gone: from the offsets it committed, and in a partition
     * where it committed none (it never had an event there), from the first event published at or after
     * {@code notBefore}, so nothing published after then is passed over. Otherwise as {@link #subscribe}.
     */
    Subscription takeOver(
            String groupId, List<String> topics, Instant notBefore, Function<EventEnvelope, Mono<Void>> handler);
}
