package dev.concord.platform.events;

import dev.concord.platform.ids.SnowflakeGenerator;
import java.time.Clock;
import java.util.List;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Publishes events of state no database holds (presence lives in Redis) straight to the service's topic,
 * without an outbox: there is no transaction for an event to commit with. Completes once Kafka has the
 * events; when Kafka cannot take them they are lost and the caller gets the error, which suits state
 * that the next change replaces whole.
 */
public final class DirectEvents {

    private final EventPublisher publisher;
    private final EventEnvelopes envelopes;
    private final String topic;

    public DirectEvents(
            EventPublisher publisher,
            JsonMapper mapper,
            SnowflakeGenerator ids,
            Clock clock,
            EventSettings settings,
            String applicationName) {
        if (settings.topic() == null || settings.topic().isBlank()) {
            throw new IllegalStateException("concord.kafka.topic is not set: events need this service's topic");
        }
        this.publisher = publisher;
        this.envelopes = new EventEnvelopes(mapper, ids, clock, settings, applicationName);
        this.topic = settings.topicName(settings.topic());
    }

    /** Publishes the events in list order (events with one key arrive in that order). */
    public Mono<Void> publish(List<DomainEvent> events) {
        if (events.isEmpty()) {
            return Mono.empty();
        }
        return Mono.fromCallable(() -> events.stream()
                        .map(event -> new EventPublisher.OutboundRecord(topic, event.key(), envelopes.write(event)))
                        .toList())
                .flatMap(publisher::publish);
    }
}
