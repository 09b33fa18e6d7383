package dev.concord.gateway.cluster;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.TestEvents;
import dev.concord.gateway.TestSocket;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.Range;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Two gateway instances on one Redis and Kafka: this test's context, and a second in its own JVM. A
 * client of the second resumes on the first, while the second is alive (a handoff), then after it was
 * killed mid-stream (an adoption); either way it gets every event once, in order, its numbers running on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestPropertySource(properties = "concord.gateway.home-lease=2s")
class ResumeOnAnotherInstanceIT extends GatewayTestSupport {

    private static final long USER = 6001;
    private static final long HANDED_OVER_USER = 6002;
    private static final long PROBE_USER = 6999;
    private static final List<String> PASSED_ON = List.of(
            "concord.redis.uri",
            "concord.redis.key-prefix",
            "concord.kafka.bootstrap-servers",
            "concord.kafka.topic-prefix",
            "concord.auth.public-key",
            "concord.auth.private-key",
            "concord.auth.internal-secret",
            "concord.gateway.identity-url",
            "concord.gateway.heartbeat-interval",
            "concord.gateway.heartbeat-slack",
            "concord.gateway.public-url",
            "concord.gateway.identify-timeout",
            "concord.gateway.home-lease");

    @Autowired
    Environment environment;

    @Autowired
    RedisReactiveCommands<String, String> redis;

    @Autowired
    RedisSettings keys;

    private TestEvents events;
    private GatewayProcess other;

    @BeforeAll
    void startTheOtherInstance() throws Exception {
        events = new TestEvents(
                environment.getRequiredProperty("concord.kafka.bootstrap-servers"),
                environment.getRequiredProperty("concord.kafka.topic-prefix"),
                60_000);
        Map<String, String> properties = new LinkedHashMap<>();
        for (String key : PASSED_ON) {
            properties.put(key, environment.getRequiredProperty(key));
        }
        properties.put("concord.guilds.base-url", "");
        other = GatewayProcess.start(properties, GatewayProcess.logFile("concord-second-gateway.log"));
    }

    @AfterAll
    void stop() {
        other.close();
        events.close();
    }

    @Test
    @Order(1)
    void aClientResumingHereWhileItsInstanceLivesIsHandedOverWithNothingMissed() throws Exception {
        String token = userToken(HANDED_OVER_USER);
        List<String> themes = new ArrayList<>();
        List<JsonNode> received = new ArrayList<>();
        String sessionId;
        try (TestSocket probe = TestSocket.connect(other.port, SOCKET_PATH);
                TestSocket client = TestSocket.connect(other.port, SOCKET_PATH)) {
            sessionId = identifyThere(probe, client, token);
            for (int i = 0; i < 3; i++) {
                themes.add(publishTheme(HANDED_OVER_USER, "there-" + i));
                received.add(client.next());
            }
            client.closeWith(4000);
        }
        for (int i = 0; i < 3; i++) {
            themes.add(publishTheme(HANDED_OVER_USER, "away-" + i));
        }
        long lastSeq = received.get(received.size() - 1).get("s").longValue();

        try (TestSocket client = connect()) {
            client.next();
            client.send(resume(token, sessionId, lastSeq));
            // Events published while it moves may come before or after RESUMED, never twice.
            for (int i = 0; i < 4; i++) {
                received.add(client.next());
            }
            themes.add(publishTheme(HANDED_OVER_USER, "here"));
            received.add(client.next());
            assertThat(client.quietFor(Duration.ofSeconds(1))).isTrue();
        }

        assertEveryEventOnceInOrder(received, themes);
    }

    @Test
    @Order(2)
    void aClientOfAKilledInstanceResumesHereWithNothingMissedAndNothingRepeated() throws Exception {
        String token = userToken(USER);
        List<String> themes = new ArrayList<>();
        List<JsonNode> received = new ArrayList<>();
        String sessionId;
        try (TestSocket probe = TestSocket.connect(other.port, SOCKET_PATH);
                TestSocket client = TestSocket.connect(other.port, SOCKET_PATH)) {
            sessionId = identifyThere(probe, client, token);
            for (int i = 0; i < 5; i++) {
                themes.add(publishTheme("before-" + i));
            }
            for (int i = 0; i < 5; i++) {
                received.add(client.next());
            }
            // Killed once its replay log has the last frame the client got (written within milliseconds): a
            // frame the client had and the log lacked would rightly end in op 9, not in a resume.
            awaitLogged("before-4");
            other.kill();
            assertThat(client.closeCode()).isEqualTo(1006);
        }
        for (int i = 0; i < 5; i++) {
            themes.add(publishTheme("while-dead-" + i));
        }
        long lastSeq = received.get(received.size() - 1).get("s").longValue();

        try (TestSocket client = connect()) {
            client.next();
            client.send(resume(token, sessionId, lastSeq));
            for (int i = 0; i < 6; i++) {
                received.add(client.next());
            }
            themes.add(publishTheme("after"));
            received.add(client.next());
            assertThat(client.quietFor(Duration.ofSeconds(1))).isTrue();
        }

        assertEveryEventOnceInOrder(received, themes);
    }

    /** Waits until some home's replay log holds a frame with {@code text}. */
    private void awaitLogged(String text) {
        await("the replay log has " + text).atMost(Duration.ofSeconds(10)).until(() -> {
            List<String> streams =
                    redis.keys(keys.key("gateway:replay:*")).collectList().block();
            return streams != null
                    && streams.stream()
                            .flatMap(stream ->
                                    redis.xrange(stream, Range.create("-", "+")).toStream())
                            .anyMatch(entry ->
                                    entry.getBody().getOrDefault("b", "").contains(text));
        });
    }

    /** Identifies {@code client} on the other instance once its consumer reads events (seen by the probe). */
    private String identifyThere(TestSocket probe, TestSocket client, String token) {
        identify(probe, userToken(PROBE_USER));
        events.awaitConsumer(probe, PROBE_USER);
        return identify(client, token).get("d").get("session_id").stringValue();
    }

    private String publishTheme(String theme) {
        return publishTheme(USER, theme);
    }

    private String publishTheme(long user, String theme) {
        events.publish(
                "social.events",
                Long.toString(user),
                TestEvents.envelope(
                        events.nextId(),
                        USER_SETTINGS_UPDATE,
                        "{\"user_ids\":[\"" + user + "\"]}",
                        "{\"theme\":\"" + theme + "\"}"));
        return theme;
    }

    private static String resume(String token, String sessionId, long seq) {
        return "{\"op\":6,\"d\":{\"token\":\"" + token + "\",\"session_id\":\"" + sessionId + "\",\"seq\":" + seq
                + "}}";
    }

    /** Numbers 2, 3, … without a gap, one RESUMED, and the events' themes exactly as published. */
    private static void assertEveryEventOnceInOrder(List<JsonNode> received, List<String> themes) {
        assertThat(received)
                .extracting(frame -> frame.get("s").longValue())
                .containsExactlyElementsOf(sequence(2, received.size()));
        assertThat(received.stream()
                        .filter(frame -> frame.get("t").stringValue().equals("RESUMED")))
                .hasSize(1);
        assertThat(received.stream()
                        .filter(frame -> frame.get("t").stringValue().equals(USER_SETTINGS_UPDATE))
                        .map(frame -> frame.get("d").get("theme").stringValue()))
                .containsExactlyElementsOf(themes);
    }

    private static List<Long> sequence(long first, int count) {
        List<Long> numbers = new ArrayList<>();
        for (long s = first; s < first + count; s++) {
            numbers.add(s);
        }
        return numbers;
    }
}
