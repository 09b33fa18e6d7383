package dev.concord.gateway;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes event envelopes to the gateway's topics (with the test class's prefix), as the outbox relays do. */
public final class TestEvents implements AutoCloseable {

    private final KafkaProducer<String, String> producer;
    private final String topicPrefix;
    private final AtomicLong ids;

    public TestEvents(String bootstrapServers, String topicPrefix, long firstId) {
        this.producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        this.topicPrefix = topicPrefix;
        this.ids = new AtomicLong(firstId);
    }

    /** A fresh event id. */
    public long nextId() {
        return ids.incrementAndGet();
    }

    /** Publishes and waits for the broker's acknowledgement; {@code key} may be null. */
    public void publish(String topic, String key, String envelope) {
        try {
            producer.send(new ProducerRecord<>(topicPrefix + topic, key, envelope))
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("publishing to " + topic, e);
        }
    }

    /**
     * Returns once the gateway's consumer reads the topics: its group starts at the latest offset once it
     * has partitions, and until then events pass it by. Publishes settings updates for {@code probeUser},
     * whose session is on {@code probe}, until one arrives.
     */
    public void awaitConsumer(TestSocket probe, long probeUser) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        try {
            while (true) {
                publish(
                        "social.events",
                        null,
                        envelope(nextId(), USER_SETTINGS_UPDATE, "{\"user_ids\":[\"" + probeUser + "\"]}", "{}"));
                if (!probe.quietFor(Duration.ofMillis(500))) {
                    return;
                }
                if (Instant.now().isAfter(deadline)) {
                    throw new AssertionError("the gateway's consumer was not assigned its partitions within 60 s");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** An envelope as docs/events.md describes it; {@code audience} and {@code data} are JSON. */
    public static String envelope(long id, String type, String audience, String data) {
        return "{\"id\":\"" + id + "\",\"type\":\"" + type + "\",\"occurred_at\":\"" + Instant.now()
                + "\",\"source\":\"test\",\"audience\":" + audience + ",\"data\":" + data + "}";
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
