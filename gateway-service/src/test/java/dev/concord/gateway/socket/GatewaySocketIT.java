package dev.concord.gateway.socket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.IdentityStub;
import dev.concord.gateway.TestSocket;
import dev.concord.platform.json.Json;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.KeyValue;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** The protocol over a real socket: Hello, Identify, READY, heartbeats, and every close code. */
class GatewaySocketIT extends GatewayTestSupport {

    @Autowired
    RedisReactiveCommands<String, String> redis;

    @Autowired
    RedisSettings redisSettings;

    @Test
    void helloIdentifyReady() {
        try (TestSocket socket = TestSocket.silent(port, SOCKET_PATH)) {
            assertThat(socket.next())
                    .isEqualTo(json("{\"op\":10,\"d\":{\"heartbeat_interval\":1000},\"s\":null,\"t\":null}"));
            socket.send(identifyPayload(userToken(1001)));

            JsonNode ready = socket.next();
            assertThat(ready.get("op").intValue()).isZero();
            assertThat(ready.get("t").stringValue()).isEqualTo("READY");
            assertThat(ready.get("s").longValue()).isEqualTo(1);
            JsonNode d = ready.get("d");
            assertThat(d.get("v").intValue()).isEqualTo(10);
            assertThat(d.get("user").get("id").stringValue()).isEqualTo("1001");
            assertThat(d.get("user").get("username").stringValue()).isEqualTo("user1001");
            assertThat(d.get("resume_gateway_url").stringValue()).isEqualTo("ws://gateway.test");
            assertThat(d.get("guilds")).isEmpty();
            assertThat(d.get("private_channels")).isEmpty();
            assertThat(d.get("relationships")).isEmpty();
            assertThat(d.get("user_settings").isObject()).isTrue();
            assertThat(d.get("session_type").stringValue()).isEqualTo("normal");
            String sessionId = d.get("session_id").stringValue();
            assertThat(sessionId).matches("[0-9a-f]{32}");

            // Written in the background: the client is never kept waiting for Redis.
            Map<String, String> entry = Mono.defer(
                            () -> redis.hgetall(redisSettings.key("gateway:session:" + sessionId))
                                    .collectMap(KeyValue::getKey, KeyValue::getValue))
                    .filter(found -> !found.isEmpty())
                    .repeatWhenEmpty(10, attempts -> attempts.delayElements(Duration.ofMillis(100)))
                    .block(Duration.ofSeconds(5));
            assertThat(entry).containsEntry("user_id", "1001").containsKey("instance");
        }
    }

    @Test
    void heartbeatIsAcknowledgedBeforeAndAfterIdentify() {
        try (TestSocket socket = TestSocket.silent(port, SOCKET_PATH)) {
            socket.next();
            socket.send("{\"op\":1,\"d\":null}");
            assertThat(socket.next()).isEqualTo(json("{\"op\":11,\"d\":null,\"s\":null,\"t\":null}"));
            socket.send(identifyPayload(userToken(1002)));
            socket.nextDispatch("READY");
            socket.send("{\"op\":1,\"d\":1}");
            assertThat(socket.next().get("op").intValue()).isEqualTo(11);
        }
    }

    @Test
    void aBotIdentifiesWithItsBareTokenAndGetsItsApplication() {
        String token = botToken(1003);
        try (TestSocket socket = connect()) {
            socket.next();
            socket.send(identifyBotPayload(token, 513));
            JsonNode ready = socket.nextDispatch("READY");

            assertThat(ready.get("d").get("user").get("bot").booleanValue()).isTrue();
            assertThat(ready.get("d").get("application").get("id").stringValue())
                    .isEqualTo("1003");
            assertThat(ready.get("d").get("application").get("flags").longValue())
                    .isEqualTo(IdentityStub.PRIVILEGED_FLAGS);
            assertThat(IDENTITY.authorizations()).contains("Bot " + token);
        }
    }

    @Test
    void zlibStreamCompressesEveryPayloadIntoOneStream() {
        try (TestSocket socket = TestSocket.connect(port, "/?v=10&encoding=json&compress=zlib-stream")) {
            assertThat(socket.next().get("op").intValue()).isEqualTo(10);
            socket.send(identifyPayload(userToken(1004)));

            assertThat(socket.nextDispatch("READY")
                            .get("d")
                            .get("user")
                            .get("id")
                            .stringValue())
                    .isEqualTo("1004");
        }
    }

    @Test
    void closeCodes() {
        assertCloses("{\"op\":99,\"d\":null}", 4001, "Unknown opcode");
        assertCloses("this is not json", 4002, "Decode error");
        assertCloses(
                "{\"op\":3,\"d\":{\"status\":\"online\",\"since\":null,\"activities\":[],\"afk\":false}}",
                4003,
                "Not authenticated");
        assertCloses(identifyPayload("not.a.token"), 4004, "Authentication failed");
        assertCloses(identifyPayload(userToken(IdentityStub.REJECTED_USER)), 4004, "Authentication failed");
        assertCloses(identifyPayload(userToken(IdentityStub.FAILING_USER)), 4000, "Unknown error");
        assertCloses(
                "{\"op\":2,\"d\":{\"token\":\"" + botToken(1005) + "\",\"properties\":{}}}", 4013, "Invalid intent(s)");
        // MESSAGE_CONTENT, which the bot's application was not granted.
        assertCloses(
                identifyBotPayload(botToken(IdentityStub.UNPRIVILEGED_BOT), 1 | (1 << 15)),
                4014,
                "Disallowed intent(s)");
        assertCloses(
                "{\"op\":6,\"d\":{\"token\":\"" + userToken(1005) + "\",\"session_id\":\"abc\",\"seq\":-4}}",
                4007,
                "Invalid seq");
    }

    @Test
    void aSecondIdentifyCloses4005() {
        try (TestSocket socket = connect()) {
            identify(socket, userToken(1006));
            socket.send(identifyPayload(userToken(1006)));

            assertThat(socket.closeCode()).isEqualTo(4005);
        }
    }

    @Test
    void aResumeAheadOfTheSessionCloses4007() {
        String token = userToken(1007);
        String sessionId;
        try (TestSocket first = connect()) {
            sessionId = identify(first, token).get("d").get("session_id").stringValue();
            first.closeWith(4000);
        }
        try (TestSocket second = connect()) {
            second.next();
            second.send(
                    "{\"op\":6,\"d\":{\"token\":\"" + token + "\",\"session_id\":\"" + sessionId + "\",\"seq\":50}}");

            assertThat(second.closeCode()).isEqualTo(4007);
        }
    }

    @Test
    void moreThan120PayloadsAMinuteClose4008() {
        try (TestSocket socket = TestSocket.silent(port, SOCKET_PATH)) {
            socket.next();
            for (int i = 0; i < 121; i++) {
                socket.send("{\"op\":1,\"d\":null}");
            }

            assertThat(socket.closeCode()).isEqualTo(4008);
        }
    }

    @Test
    void aSilentClientCloses4009() {
        try (TestSocket socket = TestSocket.silent(port, SOCKET_PATH)) {
            socket.next();

            assertThat(socket.closeCode()).isEqualTo(4009);
            assertThat(socket.closeReason()).isEqualTo("Session timed out");
        }
    }

    @Test
    void anUnsupportedVersionCloses4012AndAnotherEncoding4002() {
        try (TestSocket socket = TestSocket.silent(port, "/?v=5&encoding=json")) {
            assertThat(socket.closeCode()).isEqualTo(4012);
            assertThat(socket.closeReason()).isEqualTo("Invalid API version");
        }
        try (TestSocket socket = TestSocket.silent(port, "/?v=10&encoding=etf")) {
            assertThat(socket.closeCode()).isEqualTo(4002);
        }
    }

    private void assertCloses(String payload, int code, String reason) {
        try (TestSocket socket = TestSocket.silent(port, SOCKET_PATH)) {
            socket.next();
            socket.send(payload);

            assertThat(socket.closeCode()).as(payload).isEqualTo(code);
            assertThat(socket.closeReason()).isEqualTo(reason);
        }
    }

    private static JsonNode json(String text) {
        return Json.mapper().readTree(text);
    }
}
