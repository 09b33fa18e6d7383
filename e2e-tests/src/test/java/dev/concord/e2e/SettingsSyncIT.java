package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * A settings change made over REST reaches the user's gateway socket, through the edge, social-service's
 * outbox, Kafka and gateway-service, also when Kafka is down while the change is made. The stack is the
 * run's one ({@link LocalStackExtension}).
 */
@ExtendWith(LocalStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SettingsSyncIT {

    private static final String SETTINGS_UPDATE = "USER_SETTINGS_UPDATE";
    private static final Duration DISPATCH_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration OUTAGE = Duration.ofSeconds(3);
    /** Kafka's restart, the relay's back-off and the consumers' rejoin, with room for a slow machine. */
    private static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(120);

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    @Order(1)
    void settingsChangeReachesTheUsersSocket() throws Exception {
        ApiClient.Login user = api.newUser();
        try (GatewaySession gateway = GatewaySession.identify(stack.gatewayUrl(), user.token())) {
            JsonNode ready = gateway.ready();
            assertThat(ready.path("d").path("user").path("id").asString()).isEqualTo(user.userId());

            assertThat(api.patchSettings(user.token(), Map.of("theme", "light")).status())
                    .isEqualTo(200);

            JsonNode dispatch = gateway.next(SETTINGS_UPDATE, DISPATCH_TIMEOUT);
            assertThat(dispatch)
                    .as("%s within %s; socket %s", SETTINGS_UPDATE, DISPATCH_TIMEOUT, gateway.state())
                    .isNotNull();
            assertThat(dispatch.path("op").asInt()).isZero();
            assertThat(dispatch.path("t").asString()).isEqualTo(SETTINGS_UPDATE);
            assertThat(dispatch.path("s").asLong())
                    .isGreaterThan(ready.path("s").asLong());
            assertThat(dispatch.path("d").path("theme").asString()).isEqualTo("light");
        }
    }

    @Test
    @Order(2)
    void changesMadeDuringAKafkaOutageArriveExactlyOnceWhenItIsBack() throws Exception {
        ApiClient.Login user = api.newUser();
        try (GatewaySession gateway = GatewaySession.identify(stack.gatewayUrl(), user.token())) {
            stack.kafka().stop();
            try {
                // The outbox holds the events: the API answers as if nothing were wrong.
                assertThat(api.patchSettings(user.token(), Map.of("theme", "light"))
                                .status())
                        .isEqualTo(200);
                assertThat(api.patchSettings(user.token(), Map.of("theme", "midnight"))
                                .status())
                        .isEqualTo(200);
                // Long enough for the relay to try and fail: the events wait in the outbox, nothing leaks past it.
                assertThat(gateway.next(SETTINGS_UPDATE, OUTAGE))
                        .as("a dispatch while Kafka is down")
                        .isNull();
            } finally {
                stack.kafka().start();
            }
            // Same user, same partition, relayed in outbox order: once this marker arrives, any redelivery
            // of the two earlier events would already have arrived before it.
            assertThat(api.patchSettings(user.token(), Map.of("theme", "darker"))
                            .status())
                    .isEqualTo(200);

            List<String> themes = new ArrayList<>();
            long lastSeq = gateway.ready().path("s").asLong();
            for (int i = 0; i < 3; i++) {
                JsonNode dispatch = gateway.next(SETTINGS_UPDATE, RECOVERY_TIMEOUT);
                assertThat(dispatch)
                        .as(
                                "dispatch %d of 3 after the outage; received so far %s; socket %s",
                                i + 1, themes, gateway.state())
                        .isNotNull();
                assertThat(dispatch.path("s").asLong()).isGreaterThan(lastSeq);
                lastSeq = dispatch.path("s").asLong();
                themes.add(dispatch.path("d").path("theme").asString());
            }
            assertThat(themes).containsExactly("light", "midnight", "darker");
            assertThat(gateway.next(SETTINGS_UPDATE, Duration.ofSeconds(3)))
                    .as("a duplicate dispatch")
                    .isNull();
        }
    }
}
