package dev.concord.platform.test;

import static java.time.Duration.ofMillis;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.infra.EmbeddedKafkaServer;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class KafkaEventsTest {

    private final String bootstrap = TestInfrastructure.get().kafkaBootstrapServers();
    private final String topic = "t-events-" + UUID.randomUUID() + ".social.events";
    private EventPublisher publisher;

    @BeforeEach
    void openPublisher() {
        publisher = new EventPublisher(bootstrap);
    }

    @AfterEach
    void closePublisher() {
        publisher.close();
    }

    @Test
    void seesOnlyRecordsPublishedAfterTailing() throws Exception {
        publish(event("BEFORE_TAIL"));
        try (KafkaEvents events = KafkaEvents.tail(bootstrap, topic)) {
            publish(event("USER_SETTINGS_UPDATE"));
            publish("not json at all");

            JsonNode update =
                    events.awaitOne(e -> e.path("type").asString().equals("USER_SETTINGS_UPDATE"), ofSeconds(10));
            assertThat(update.path("data").path("theme").asString()).isEqualTo("dark");
            events.awaitOne(e -> e.isString() && e.asString().startsWith("not json"), ofSeconds(10));
            events.awaitNone(e -> e.path("type").asString().equals("BEFORE_TAIL"), ofMillis(300));
            assertThat(events.all()).hasSize(2);
        }
    }

    @Test
    void failuresDescribeWhatDidArrive() throws Exception {
        try (KafkaEvents events = KafkaEvents.tail(bootstrap, topic)) {
            publish(event("MESSAGE_CREATE"));
            events.awaitOne(e -> true, ofSeconds(10));

            assertThatThrownBy(
                            () -> events.awaitOne(e -> e.path("type").asString().equals("NEVER"), ofMillis(200)))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("1 event(s) received")
                    .hasMessageContaining("MESSAGE_CREATE")
                    .as("the tail read the one record, and the topic holds no more")
                    .hasMessageMatching("(?s).*tail at \\{0=\\d, 1=\\d, 2=\\d} after \\d+ polls.*")
                    .hasMessageContaining("poller ")
                    .hasMessageMatching("(?s).*topic's end at \\{0=\\d, 1=\\d, 2=\\d}.*");
            assertThatThrownBy(() ->
                            events.awaitNone(e -> e.path("type").asString().equals("MESSAGE_CREATE"), ofSeconds(5)))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("Unexpected event");
        }
    }

    @Test
    void keepsTailingAcrossABrokerRestart() throws Exception {
        EmbeddedKafkaServer kafka = TestInfrastructure.get().kafka();
        try (KafkaEvents events = KafkaEvents.tail(bootstrap, topic)) {
            publish(event("BEFORE_RESTART"));
            events.awaitOne(e -> e.path("type").asString().equals("BEFORE_RESTART"), ofSeconds(10));
            kafka.stop();
            kafka.start();
            publish(event("AFTER_RESTART"));

            events.awaitOne(e -> e.path("type").asString().equals("AFTER_RESTART"), ofSeconds(30));
            assertThat(events.all()).hasSize(2);
        } finally {
            kafka.start();
        }
    }

    private void publish(String value) {
        publisher.publish(topic, null, value);
    }

    private static String event(String type) {
        return """
                {"id":"%s","type":"%s","occurred_at":"2026-01-01T00:00:00Z","source":"test",\
                "audience":{"users":["1"]},"data":{"theme":"dark"}}""".formatted(UUID.randomUUID(), type);
    }
}
