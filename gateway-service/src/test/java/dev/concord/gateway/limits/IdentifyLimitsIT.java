package dev.concord.gateway.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.IdentityStub;
import dev.concord.gateway.TestSocket;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.test.TestTokens;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * Identify limits over real sockets and Redis: per user, per address (as the edge forwards it), and a
 * bot's session starts, as {@code GET /gateway/bot} then reports them.
 */
@TestPropertySource(
        properties = {
            "concord.gateway.limits.identifies-per-user=4",
            "concord.gateway.limits.identifies-per-address=5",
            "concord.gateway.limits.session-start-total=5",
            "concord.gateway.limits.max-concurrency=8",
        })
class IdentifyLimitsIT extends GatewayTestSupport {

    @Autowired
    TokenIssuer issuer;

    @Test
    void aUserPastTheLimitIsClosed4008BeforeAnyReady() {
        String token = userToken(7001);
        for (int i = 0; i < 4; i++) {
            try (TestSocket socket = from("198.51.100.1")) {
                identify(socket, token);
            }
        }
        // Another address: the user's own count is what refuses it.
        try (TestSocket socket = from("198.51.100.2")) {
            socket.next();
            assertRefused(socket, identifyPayload(token));
        }
    }

    @Test
    void anAddressPastTheLimitIsClosed4008WhoeverIdentifies() {
        for (int user = 0; user < 5; user++) {
            try (TestSocket socket = from("203.0.113.50")) {
                identify(socket, userToken(7100 + user));
            }
        }
        try (TestSocket socket = from("203.0.113.50")) {
            socket.next();
            assertRefused(socket, identifyPayload(userToken(7199)));
        }
        try (TestSocket socket = from("203.0.113.51")) {
            identify(socket, userToken(7199));
        }
    }

    @Test
    void aBotIdentifiesOncePerBucketEvery5SecondsAndResumeIsNotCounted() {
        String token = botToken(7200);
        String sessionId;
        try (TestSocket first = from("198.51.100.10")) {
            first.next();
            first.send(shardedIdentify(token, 0, 8));
            sessionId = first.nextDispatch("READY").get("d").get("session_id").stringValue();
            first.closeWith(4000);
        }
        // Bucket 8 % 8 = 0 again within 5 s: refused, and not counted.
        try (TestSocket again = from("198.51.100.10")) {
            again.next();
            assertRefused(again, shardedIdentify(token, 8, 16));
        }
        // Bucket 1 is free.
        try (TestSocket other = from("198.51.100.10")) {
            other.next();
            other.send(shardedIdentify(token, 1, 8));
            other.nextDispatch("READY");
        }
        try (TestSocket resumed = from("198.51.100.10")) {
            resumed.next();
            resumed.send(
                    "{\"op\":6,\"d\":{\"token\":\"" + token + "\",\"session_id\":\"" + sessionId + "\",\"seq\":1}}");
            resumed.nextDispatch("RESUMED");
        }

        JsonNode limit = gatewayBot(7200).get("session_start_limit");
        assertThat(limit.get("total").intValue()).isEqualTo(5);
        assertThat(limit.get("remaining").intValue()).isEqualTo(3);
        assertThat(limit.get("max_concurrency").intValue()).isEqualTo(8);
        assertThat(limit.get("reset_after").longValue()).isBetween(1L, 24 * 3600 * 1000L);
    }

    @Test
    void aBotWithItsDailyTotalUsedIsRefusedAndGatewayBotSaysSo() {
        String token = botToken(7300);
        // Five identifies from one address within a minute: a bot is held to its session starts only.
        for (int shard = 0; shard < 5; shard++) {
            try (TestSocket socket = from("198.51.100.20")) {
                socket.next();
                socket.send(shardedIdentify(token, shard, 8));
                socket.nextDispatch("READY");
            }
        }
        try (TestSocket socket = from("198.51.100.20")) {
            socket.next();
            assertRefused(socket, shardedIdentify(token, 5, 8));
        }

        JsonNode limit = gatewayBot(7300).get("session_start_limit");
        assertThat(limit.get("remaining").intValue()).isZero();
        assertThat(limit.get("reset_after").longValue()).isGreaterThan(23 * 3600 * 1000L);
    }

    @Test
    void anIdentifyThatStartsNoSessionGivesTheStartBack() {
        try (TestSocket socket = from("198.51.100.30")) {
            socket.next();
            socket.send(shardedIdentify(botToken(IdentityStub.FAILING_USER), 0, 8));
            assertThat(socket.closeCode()).isEqualTo(4000);
        }

        assertThat(gatewayBot(IdentityStub.FAILING_USER)
                        .get("session_start_limit")
                        .get("remaining")
                        .intValue())
                .isEqualTo(5);
    }

    private TestSocket from(String address) {
        return TestSocket.connectFrom(port, SOCKET_PATH, address);
    }

    /** After Hello: closed with 4008 and nothing said before it, so no READY and no session. */
    private static void assertRefused(TestSocket socket, String identify) {
        socket.send(identify);
        assertThat(socket.closeCode()).isEqualTo(4008);
        assertThat(socket.closeReason()).isEqualTo("Rate limited.");
        try {
            assertThat(socket.quietFor(Duration.ZERO)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static String shardedIdentify(String token, int shard, int shards) {
        return "{\"op\":2,\"d\":{\"token\":\"" + token + "\",\"intents\":1,\"shard\":[" + shard + "," + shards
                + "],\"properties\":{\"os\":\"linux\",\"browser\":\"t\",\"device\":\"t\"}}}";
    }

    private JsonNode gatewayBot(long botId) {
        byte[] body = WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .build()
                .get()
                .uri("/gateway/bot")
                .header(HttpHeaders.AUTHORIZATION, new TestTokens(issuer).bot(Snowflake.of(botId)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult()
                .getResponseBody();
        return Json.mapper().readTree(body);
    }
}
