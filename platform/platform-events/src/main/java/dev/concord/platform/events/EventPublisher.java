package dev.concord.platform.events;

import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Sends records to the event log. Our own seam over the Kafka client library (reactor-kafka is no longer
 * developed upstream), so it can be replaced without touching services.
 */
public interface EventPublisher extends AutoCloseable {

    /** One record: topic, ordering key, JSON payload. */
    record OutboundRecord(String topic, String key, String payload) {}

    /** Completes once every record is acknowledged by all in-sync replicas; records of one key keep order. */
    Mono<Void> publish(List<OutboundRecord> records);

    @Override
    void close();
}
