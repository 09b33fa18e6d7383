package dev.concord.platform.test;

import dev.concord.platform.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;

/**
 * Publishes events on Kafka as another service's outbox relay would, so a test can drive what a service
 * consumes. Each publish returns once the broker has acknowledged it.
 */
public final class EventPublisher implements AutoCloseable {

    private static final Duration ACKNOWLEDGED = Duration.ofSeconds(30);

    private final KafkaProducer<String, String> producer;

    public EventPublisher(String bootstrapServers) {
        producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class));
    }

    /** Publishes {@code value} on {@code topic} (its full name, prefix included); {@code key} may be null. */
    public void publish(String topic, @Nullable String key, String value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get(ACKNOWLEDGED.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while publishing to " + topic, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Could not publish to " + topic, e);
        }
    }

    /**
     * An event envelope as docs/events.md describes it, from source {@code test}. {@code audience} and
     * {@code data} are anything Jackson writes as JSON: maps, JSON nodes, records.
     */
    public static String envelope(String id, String type, Instant occurredAt, Object audience, Object data) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("id", id);
        envelope.put("type", type);
        envelope.put("occurred_at", occurredAt.toString());
        envelope.put("source", "test");
        envelope.put("audience", audience);
        envelope.put("data", data);
        return Json.mapper().writeValueAsString(envelope);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
