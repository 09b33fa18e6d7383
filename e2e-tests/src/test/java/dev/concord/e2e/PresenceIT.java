package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * A presence through the whole stack: a user identifies with a presence and changes it with op 3; their
 * friend's socket gets each PRESENCE_UPDATE and their own gets SESSIONS_REPLACE, through the gateway,
 * presence-service (Redis, social-service's presence audience) and Kafka; the friend's READY shows them.
 */
@ExtendWith(LocalStackExtension.class)
class PresenceIT {

    private static final Duration DISPATCH_TIMEOUT = Duration.ofSeconds(30);

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    void aFriendSeesThePresenceAndItsChanges() throws Exception {
        ApiClient.Login alice = api.newUser();
        ApiClient.Login bob = api.newUser();
        befriend(alice, bob);

        try (GatewaySession bobGateway = GatewaySession.identify(stack.gatewayUrl(), bob.token())) {
            seesAliceChange(bobGateway, alice, bob);
            // Alice's socket closed normally, which gives the session up: she goes offline for Bob.
            JsonNode offline = nextAbout(bobGateway, alice.userId(), "offline");
            assertThat(offline.path("d").path("client_status").size()).isZero();
        }
    }

    private static void seesAliceChange(GatewaySession bobGateway, ApiClient.Login alice, ApiClient.Login bob)
            throws Exception {
        try (GatewaySession aliceGateway = GatewaySession.identify(
                stack.gatewayUrl(),
                alice.token(),
                Map.of(
                        "status",
                        "online",
                        "since",
                        0,
                        "afk",
                        false,
                        "activities",
                        List.of(Map.of("name", "Chess", "type", 0))))) {
            JsonNode aliceReady = aliceGateway.ready().path("d");
            assertThat(aliceReady.path("sessions")).hasSize(1);
            assertThat(aliceReady.path("sessions").get(0).path("session_id").asString())
                    .isEqualTo(aliceReady.path("session_id").asString());
            assertThat(aliceReady
                            .path("sessions")
                            .get(0)
                            .path("activities")
                            .get(0)
                            .path("name")
                            .asString())
                    .isEqualTo("Chess");

            JsonNode online = nextAbout(bobGateway, alice.userId(), "online");
            assertThat(online.path("d").path("activities").get(0).path("name").asString())
                    .isEqualTo("Chess");
            assertThat(online.path("d").path("client_status").path("web").asString())
                    .isEqualTo("online");

            aliceGateway.send(3, Map.of("status", "dnd", "since", 0, "afk", false, "activities", List.of()));
            JsonNode dnd = nextAbout(bobGateway, alice.userId(), "dnd");
            assertThat(dnd.path("d").path("activities")).isEmpty();
            JsonNode replaced = aliceGateway.next("SESSIONS_REPLACE", DISPATCH_TIMEOUT);
            assertThat(replaced)
                    .as("alice's SESSIONS_REPLACE; socket %s", aliceGateway.state())
                    .isNotNull();

            try (GatewaySession bobAgain = GatewaySession.identify(stack.gatewayUrl(), bob.token())) {
                JsonNode presences = bobAgain.ready().path("d").path("presences");
                assertThat(presences).hasSize(1);
                assertThat(presences.get(0).path("user").path("id").asString()).isEqualTo(alice.userId());
                assertThat(presences.get(0).path("status").asString()).isEqualTo("dnd");
            }
        }
    }

    /** The next PRESENCE_UPDATE about {@code user} with {@code status}, skipping others. */
    private static JsonNode nextAbout(GatewaySession socket, String user, String status) throws Exception {
        long deadline = System.nanoTime() + DISPATCH_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode update = socket.next("PRESENCE_UPDATE", Duration.ofNanos(deadline - System.nanoTime()));
            if (update != null
                    && update.path("d").path("user").path("id").asString().equals(user)
                    && update.path("d").path("status").asString().equals(status)) {
                return update;
            }
        }
        throw new AssertionError("no PRESENCE_UPDATE of " + user + " as " + status + "; socket " + socket.state());
    }

    /** A request and its acceptance, retried while social-service has not yet heard of the new users. */
    private static void befriend(ApiClient.Login one, ApiClient.Login other) {
        await("social-service hears of the new users")
                .atMost(DISPATCH_TIMEOUT)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> api.putRelationship(one.token(), other.userId(), Map.of()), put -> put.status() == 204);
        assertThat(api.putRelationship(other.token(), one.userId(), Map.of("type", 1))
                        .status())
                .isEqualTo(204);
    }
}
