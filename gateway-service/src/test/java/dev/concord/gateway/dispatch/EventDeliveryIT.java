package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.TestEvents;
import dev.concord.gateway.TestSocket;
import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import tools.jackson.databind.JsonNode;

/** Events published to Kafka reach the sessions of their audience, once, in order, and survive a resume. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EventDeliveryIT extends GatewayTestSupport {

    @Autowired
    SessionRegistry sessions;

    private static final long PROBE_USER = 2999;

    @Value("${concord.kafka.bootstrap-servers}")
    String bootstrapServers;

    @Value("${concord.kafka.topic-prefix}")
    String topicPrefix;

    private TestEvents events;

    @BeforeAll
    void consumerIsListening() {
        events = new TestEvents(bootstrapServers, topicPrefix, 1_000);
        try (TestSocket probe = connect()) {
            identify(probe, userToken(PROBE_USER));
            events.awaitConsumer(probe, PROBE_USER);
        }
    }

    @AfterAll
    void closeProducer() {
        events.close();
    }

    @Test
    void everySessionOfTheUserReceivesTheEventAndNobodyElse() throws InterruptedException {
        try (TestSocket first = connect();
                TestSocket second = connect();
                TestSocket other = connect()) {
            identify(first, userToken(2001));
            identify(second, userToken(2001));
            identify(other, userToken(2002));

            publish("social.events", envelope(events.nextId(), USER_SETTINGS_UPDATE, 2001, "{\"theme\":\"light\"}"));

            JsonNode expected = Json.mapper()
                    .readTree("{\"op\":0,\"t\":\"USER_SETTINGS_UPDATE\",\"s\":2,\"d\":{\"theme\":\"light\"}}");
            assertThat(first.next()).isEqualTo(expected);
            assertThat(second.next()).isEqualTo(expected);
            assertThat(other.quietFor(Duration.ofSeconds(1))).isTrue();
        }
    }

    @Test
    void aRedeliveredEventIsDispatchedOnceAndOrderHolds() {
        try (TestSocket socket = connect()) {
            identify(socket, userToken(2003));
            long id = events.nextId();
            String event = envelope(id, USER_SETTINGS_UPDATE, 2003, "{\"theme\":\"dark\"}");

            publish("social.events", event);
            publish("social.events", event);
            publish("social.events", envelope(events.nextId(), "USER_NOTE_UPDATE", 2003, "{\"id\":\"2003\"}"));

            assertThat(socket.next().get("t").stringValue()).isEqualTo(USER_SETTINGS_UPDATE);
            JsonNode next = socket.next();
            assertThat(next.get("t").stringValue()).isEqualTo("USER_NOTE_UPDATE");
            assertThat(next.get("s").longValue()).isEqualTo(3);
        }
    }

    @Test
    void everyDomainTopicIsDelivered() {
        try (TestSocket socket = connect()) {
            identify(socket, userToken(2007));
            for (String topic : EventDispatcher.TOPICS) {
                publish(
                        topic,
                        envelope(
                                events.nextId(),
                                "FROM_" + topic.replace(".events", "").toUpperCase(Locale.ROOT),
                                2007,
                                "{}"));
            }

            Set<String> types = new HashSet<>();
            for (int i = 0; i < EventDispatcher.TOPICS.size(); i++) {
                types.add(socket.next().get("t").stringValue());
            }
            assertThat(types)
                    .containsExactlyInAnyOrder(
                            "FROM_IDENTITY", "FROM_SOCIAL", "FROM_PRESENCE", "FROM_GUILD", "FROM_WEBHOOK");
        }
    }

    @Test
    void eventsForNoUserAreNotDispatched() throws InterruptedException {
        try (TestSocket socket = connect()) {
            identify(socket, userToken(2004));
            publish(
                    "identity.events",
                    "{\"id\":\"" + events.nextId() + "\",\"type\":\"USER_CREATE\",\"occurred_at\":\"" + Instant.now()
                            + "\",\"source\":\"remote-auth-service\",\"audience\":{},\"data\":{\"id\":\"2004\"}}");
            publish(
                    "guild.events",
                    "{\"id\":\"" + events.nextId() + "\",\"type\":\"GUILD_UPDATE\",\"occurred_at\":\"" + Instant.now()
                            + "\",\"source\":\"guild-service\",\"audience\":{\"guild_id\":\"77\"},\"data\":{}}");

            assertThat(socket.quietFor(Duration.ofSeconds(1))).isTrue();
        }
    }

    @Test
    void resumeReplaysWhatWasMissedWhileAway() {
        String token = userToken(2005);
        String sessionId;
        try (TestSocket first = connect()) {
            sessionId = identify(first, token).get("d").get("session_id").stringValue();
            first.closeWith(4000);
        }
        publish("social.events", envelope(events.nextId(), USER_SETTINGS_UPDATE, 2005, "{\"theme\":\"light\"}"));
        publish("social.events", envelope(events.nextId(), USER_SETTINGS_UPDATE, 2005, "{\"theme\":\"dark\"}"));
        try {
            // Both events reach the session while it is away (there is no signal to wait for).
            TimeUnit.SECONDS.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }

        try (TestSocket second = connect()) {
            second.next();
            second.send(
                    "{\"op\":6,\"d\":{\"token\":\"" + token + "\",\"session_id\":\"" + sessionId + "\",\"seq\":1}}");

            assertThat(second.next()).isEqualTo(dispatch(2, "{\"theme\":\"light\"}"));
            assertThat(second.next()).isEqualTo(dispatch(3, "{\"theme\":\"dark\"}"));
            JsonNode resumed = second.next();
            assertThat(resumed.get("t").stringValue()).isEqualTo("RESUMED");
            assertThat(resumed.get("s").longValue()).isEqualTo(4);
        }
    }

    @Test
    void aSessionTheClientClosedNormallyCannotBeResumed() {
        String token = userToken(2006);
        String sessionId;
        try (TestSocket first = connect()) {
            sessionId = identify(first, token).get("d").get("session_id").stringValue();
            first.closeWith(1000);
        }
        // The close frame reaches the gateway on its own connection: a resume on another one may come
        // first, and would then find the session still there (and take it over, as it should).
        await().atMost(Duration.ofSeconds(10))
                .until(() -> sessions.find(sessionId).isEmpty());
        try (TestSocket second = connect()) {
            second.next();
            second.send(
                    "{\"op\":6,\"d\":{\"token\":\"" + token + "\",\"session_id\":\"" + sessionId + "\",\"seq\":1}}");

            assertThat(second.next()).isEqualTo(Json.mapper().readTree("{\"op\":9,\"d\":false,\"s\":null,\"t\":null}"));
        }
    }

    private static JsonNode dispatch(long seq, String data) {
        return Json.mapper().readTree("{\"op\":0,\"t\":\"USER_SETTINGS_UPDATE\",\"s\":" + seq + ",\"d\":" + data + "}");
    }

    private void publish(String topic, String envelope) {
        events.publish(topic, null, envelope);
    }

    private static String envelope(long id, String type, long userId, String data) {
        return TestEvents.envelope(id, type, "{\"user_ids\":[\"" + userId + "\"]}", data);
    }
}
