package dev.concord.gateway;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.json.Json;
import dev.concord.platform.test.EventPublisher;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/** Publishes event envelopes to the gateway's topics (with the test class's prefix), as the outbox relays do. */
public final class TestEvents implements AutoCloseable {

    private final EventPublisher publisher;
    private final String topicPrefix;
    private final AtomicLong ids;

    public TestEvents(String bootstrapServers, String topicPrefix, long firstId) {
        this.publisher = new EventPublisher(bootstrapServers);
        this.topicPrefix = topicPrefix;
        this.ids = new AtomicLong(firstId);
    }

    /** A fresh event id. */
    public long nextId() {
        return ids.incrementAndGet();
    }

    /** Publishes and waits for the broker's acknowledgement; {@code key} may be null. */
    public void publish(String topic, String key, String envelope) {
        publisher.publish(topicPrefix + topic, key, envelope);
    }

    /**
     * Returns once the gateway's consumer reads the topics: its group starts at the latest offset once it
     * has partitions, and until then events pass it by. Publishes settings updates for {@code probeUser},
     * whose session is on {@code probe}, until one arrives.
     */
    public void awaitConsumer(TestSocket probe, long probeUser) {
        await("the gateway's consumer assigned its partitions")
                .atMost(Duration.ofSeconds(60))
                .pollInSameThread()
                .until(() -> {
                    publish(
                            "social.events",
                            null,
                            envelope(nextId(), USER_SETTINGS_UPDATE, "{\"user_ids\":[\"" + probeUser + "\"]}", "{}"));
                    return !probe.quietFor(Duration.ofMillis(500));
                });
    }

    /** An envelope as docs/events.md describes it; {@code audience} and {@code data} are JSON. */
    public static String envelope(long id, String type, String audience, String data) {
        return EventPublisher.envelope(
                Long.toString(id),
                type,
                Instant.now(),
                Json.mapper().readTree(audience),
                Json.mapper().readTree(data));
    }

    @Override
    public void close() {
        publisher.close();
    }
}
