package dev.concord.platform.events;

import dev.concord.platform.events.EventSubscriber.EventSummary;
import dev.concord.platform.events.EventSubscriber.StartFrom;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * A consumer for what every instance keeps for itself in memory (caches dropped or brought up to date by
 * events): its consumer group is this instance's own, so each instance sees every event, and starts at
 * the latest offset, since the instance needs no event older than what it keeps.
 */
public final class InstanceListener extends EventConsumer {

    private final String groupId;
    private final Function<String, Disposable> subscribing;

    /** @param purpose names the group after the service and what it keeps, e.g. {@code webhook-service.user-cache} */
    public InstanceListener(
            EventSubscriber subscriber, String purpose, String topic, Function<EventEnvelope, Mono<Void>> handler) {
        this(purpose, group -> subscriber.subscribe(group, List.of(topic), StartFrom.LATEST, handler));
    }

    private InstanceListener(String purpose, Function<String, Disposable> subscribing) {
        this.groupId = purpose + "." + UUID.randomUUID();
        this.subscribing = subscribing;
    }

    /**
     * A listener that reads of each event only its type and key ({@link EventSubscriber#subscribeSummaries}):
     * for a cache that needs no more to forget what an event is about.
     */
    public static InstanceListener ofSummaries(
            EventSubscriber subscriber, String purpose, String topic, Function<EventSummary, Mono<Void>> handler) {
        return new InstanceListener(
                purpose, group -> subscriber.subscribeSummaries(group, List.of(topic), StartFrom.LATEST, handler));
    }

    @Override
    protected Disposable subscribe() {
        return subscribing.apply(groupId);
    }
}
