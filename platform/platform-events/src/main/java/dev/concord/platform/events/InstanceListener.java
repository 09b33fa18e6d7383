package dev.concord.platform.events;

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

    private final EventSubscriber subscriber;
    private final String groupId;
    private final String topic;
    private final Function<EventEnvelope, Mono<Void>> handler;

    /** @param purpose names the group after the service and what it keeps, e.g. {@code webhook-service.user-cache} */
    public InstanceListener(
            EventSubscriber subscriber, String purpose, String topic, Function<EventEnvelope, Mono<Void>> handler) {
        this.subscriber = subscriber;
        this.groupId = purpose + "." + UUID.randomUUID();
        this.topic = topic;
        this.handler = handler;
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(groupId, List.of(topic), EventSubscriber.StartFrom.LATEST, handler);
    }
}
