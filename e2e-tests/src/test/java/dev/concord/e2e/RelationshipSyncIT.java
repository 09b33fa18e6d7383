package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * A friend request and its acceptance, made over REST, reach both users' gateway sockets, each with its
 * own side of the relationship: through the edge, social-service's outbox, Kafka and gateway-service.
 */
@ExtendWith(LocalStackExtension.class)
class RelationshipSyncIT {

    private static final String RELATIONSHIP_ADD = "RELATIONSHIP_ADD";
    private static final Duration DISPATCH_TIMEOUT = Duration.ofSeconds(30);
    /** social-service learns of a new account from identity.events: a moment after its registration. */
    private static final Duration REPLICA_TIMEOUT = Duration.ofSeconds(30);

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    void aRequestAndItsAcceptanceReachBothSockets() throws Exception {
        ApiClient.Login alice = api.newUser();
        ApiClient.Login bob = api.newUser();
        try (GatewaySession aliceGateway = GatewaySession.identify(stack.gatewayUrl(), alice.token());
                GatewaySession bobGateway = GatewaySession.identify(stack.gatewayUrl(), bob.token())) {
            aliceGateway.ready();
            bobGateway.ready();

            putOnceKnown(alice, bob.userId());

            JsonNode outgoing = aliceGateway.next(RELATIONSHIP_ADD, DISPATCH_TIMEOUT);
            assertThat(outgoing)
                    .as("alice's RELATIONSHIP_ADD; socket %s", aliceGateway.state())
                    .isNotNull();
            assertThat(outgoing.path("d").path("id").asString()).isEqualTo(bob.userId());
            assertThat(outgoing.path("d").path("type").asInt()).isEqualTo(4);
            JsonNode incoming = bobGateway.next(RELATIONSHIP_ADD, DISPATCH_TIMEOUT);
            assertThat(incoming)
                    .as("bob's RELATIONSHIP_ADD; socket %s", bobGateway.state())
                    .isNotNull();
            assertThat(incoming.path("d").path("type").asInt()).isEqualTo(3);
            assertThat(incoming.path("d").path("user").path("id").asString()).isEqualTo(alice.userId());

            assertThat(api.putRelationship(bob.token(), alice.userId(), Map.of("type", 1))
                            .status())
                    .isEqualTo(204);

            assertThat(bobGateway
                            .next(RELATIONSHIP_ADD, DISPATCH_TIMEOUT)
                            .path("d")
                            .path("type")
                            .asInt())
                    .isEqualTo(1);
            assertThat(aliceGateway
                            .next(RELATIONSHIP_ADD, DISPATCH_TIMEOUT)
                            .path("d")
                            .path("type")
                            .asInt())
                    .isEqualTo(1);
            JsonNode listed = api.relationships(alice.token());
            assertThat(listed).hasSize(1);
            assertThat(listed.get(0).path("id").asString()).isEqualTo(bob.userId());
            assertThat(listed.get(0).path("type").asInt()).isEqualTo(1);
        }
    }

    /** The request, retried while social-service has not yet heard of the just registered target. */
    private static void putOnceKnown(ApiClient.Login from, String targetId) {
        ApiClient.Response response = await("social-service hears of the new user")
                .atMost(REPLICA_TIMEOUT)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> api.putRelationship(from.token(), targetId, Map.of()), put -> put.status() != 404);
        assertThat(response.status())
                .as("PUT relationship: %s", response.body())
                .isEqualTo(204);
    }
}
