package dev.concord.remoteauth.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.remoteauth.support.ApiTestSupport;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The desktop side of seed 002's remote-auth gateway, version 2, over a real socket against real Redis. */
class DesktopGatewayIT extends ApiTestSupport {

    @Test
    void theHandshakeOpensASessionUnderTheKeysFingerprint() {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            JsonNode hello = desktop.next();
            assertThat(hello.path("op").asString()).isEqualTo("hello");
            assertThat(hello.path("heartbeat_interval").asLong()).isEqualTo(41_250);
            assertThat(hello.path("timeout_ms").asLong()).isEqualTo(120_000);

            desktop.sendInit(desktop.keys().encodedPublicKey());
            JsonNode challenge = desktop.expect("nonce_proof");
            assertThat(challenge.propertyNames()).containsExactlyInAnyOrder("op", "encrypted_nonce");
            desktop.send("{\"op\":\"nonce_proof\",\"nonce\":\""
                    + desktop.keys().proofFor(challenge.path("encrypted_nonce").asString()) + "\"}");
            JsonNode ready = desktop.expect("pending_remote_init");

            assertThat(ready.path("fingerprint").asString())
                    .isEqualTo(desktop.keys().fingerprint());
            Map<String, String> stored = session(desktop.keys().fingerprint());
            assertThat(stored)
                    .containsEntry("key", desktop.keys().encodedPublicKey())
                    .containsEntry("state", "ready")
                    .containsKeys("node", "connection", "address", "agent")
                    .doesNotContainKeys("user", "handshake");
            assertThat(redis.pttl(sessionKey(desktop.keys().fingerprint())).block())
                    .isBetween(100_000L, 120_000L);
        }
    }

    @Test
    void theProofIsTakenUnderProofAsWellAsNonce() {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            assertThat(desktop.handshake("proof")).isEqualTo(desktop.keys().fingerprint());
        }
    }

    @Test
    void heartbeatsAreAcknowledgedBeforeAndAfterTheHandshake() {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            desktop.expect("hello");
            desktop.send("{\"op\":\"heartbeat\"}");
            assertThat(desktop.expect("heartbeat_ack").propertyNames()).containsExactly("op");

            desktop.sendInit(desktop.keys().encodedPublicKey());
            desktop.send("{\"op\":\"heartbeat\"}");
            desktop.expect("nonce_proof");
            desktop.expect("heartbeat_ack");
        }
    }

    @Test
    void onlyVersionTwoIsServed() {
        for (String query : List.of("?v=1", "?v=3", "?v=two", "", "?encoding=json")) {
            try (DesktopClient desktop = DesktopClient.connect(port, "/remote-auth/" + query, null)) {
                assertThat(desktop.closeCode()).as(query).isEqualTo(4000);
                assertThat(desktop.pending()).as("no hello for " + query).isZero();
            }
        }
        try (DesktopClient desktop = DesktopClient.connect(port, "/remote-auth?v=2", null)) {
            desktop.expect("hello");
        }
    }

    @Test
    void anUndecodablePayloadClosesWith4001() {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            desktop.expect("hello");
            desktop.send("{\"op\":\"identify\"}");

            assertThat(desktop.closeCode()).isEqualTo(4001);
        }
    }

    @Test
    void aWrongProofOrAnUnusableKeyClosesWith4002AndOpensNothing() throws Exception {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            desktop.expect("hello");
            desktop.sendInit(desktop.keys().encodedPublicKey());
            desktop.expect("nonce_proof");
            desktop.send("{\"op\":\"nonce_proof\",\"nonce\":\"" + desktop.keys().fingerprint() + "\"}");

            assertThat(desktop.closeCode()).isEqualTo(4002);
            assertThat(session(desktop.keys().fingerprint())).isEmpty();
        }
        KeyPairGenerator small = KeyPairGenerator.getInstance("RSA");
        small.initialize(1024);
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            desktop.expect("hello");
            desktop.sendInit(Base64.getEncoder()
                    .encodeToString(small.generateKeyPair().getPublic().getEncoded()));

            assertThat(desktop.closeCode()).isEqualTo(4002);
        }
    }

    @Test
    void aKeyInUseOnAnotherSocketFailsTheHandshake() {
        try (DesktopClient first = DesktopClient.connect(port)) {
            first.handshake();
            try (DesktopClient second = DesktopClient.connect(port)) {
                second.expect("hello");
                second.sendInit(first.keys().encodedPublicKey());
                String proof = first.keys()
                        .proofFor(second.expect("nonce_proof")
                                .path("encrypted_nonce")
                                .asString());
                second.send("{\"op\":\"nonce_proof\",\"nonce\":\"" + proof + "\"}");

                assertThat(second.closeCode()).isEqualTo(4002);
            }
            assertThat(session(first.keys().fingerprint())).containsEntry("state", "ready");
        }
    }

    @Test
    void theSessionEndsWithItsSocket() {
        DesktopClient desktop = DesktopClient.connect(port);
        String fingerprint = desktop.handshake();
        assertThat(session(fingerprint)).isNotEmpty();

        desktop.close();

        await().atMost(Duration.ofSeconds(5)).until(() -> session(fingerprint).isEmpty());
    }

    @Test
    void anAddressHoldsAtMostItsShareOfOpenSockets() {
        List<DesktopClient> open = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                DesktopClient desktop = DesktopClient.connect(port, "/remote-auth/?v=2", "198.51.100.7");
                desktop.expect("hello");
                open.add(desktop);
            }
            try (DesktopClient refused = DesktopClient.connect(port, "/remote-auth/?v=2", "198.51.100.7")) {
                assertThat(refused.failure()).isInstanceOfSatisfying(WebSocketClientHandshakeException.class, e -> {
                    assertThat(e.response().status().code()).isEqualTo(429);
                    assertThat(Long.parseLong(e.response().headers().get("Retry-After")))
                            .isBetween(1L, 120L);
                });
            }
            try (DesktopClient elsewhere = DesktopClient.connect(port, "/remote-auth/?v=2", "198.51.100.8")) {
                elsewhere.expect("hello");
            }

            open.remove(0).close();

            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                try (DesktopClient again = DesktopClient.connect(port, "/remote-auth/?v=2", "198.51.100.7")) {
                    again.expect("hello");
                }
            });
        } finally {
            open.forEach(DesktopClient::close);
        }
    }

    @Test
    void aRefusedUpgradeGivesItsSlotBack() {
        for (int i = 0; i < 12; i++) {
            // Upgrade asked for, but no Sec-WebSocket-Key: the handshake is refused after the slot was taken.
            client.get()
                    .uri("/remote-auth/?v=2")
                    .header("Upgrade", "websocket")
                    .header("Connection", "Upgrade")
                    .header("X-Forwarded-For", "198.51.100.20")
                    .exchange()
                    .expectStatus()
                    .isBadRequest();
        }

        try (DesktopClient desktop = DesktopClient.connect(port, "/remote-auth/?v=2", "198.51.100.20")) {
            desktop.expect("hello");
        }
    }

    private Map<String, String> session(String fingerprint) {
        return redis.hgetall(sessionKey(fingerprint))
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                .block();
    }

    private String sessionKey(String fingerprint) {
        return redisPrefix + "remote-auth:session:" + fingerprint;
    }
}
