package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Voice through the whole stack: op 4 on the gateway joins a stage (guild-service keeps the voice state,
 * its events come back through Kafka), the joiner gets where to connect, a moderator lets them speak
 * through the edge, and op 4 with no channel leaves.
 */
@ExtendWith(LocalStackExtension.class)
class VoiceIT {

    private static final Duration DISPATCH_TIMEOUT = Duration.ofSeconds(30);

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    void opFourJoinsAStageAndAModeratorLetsTheListenerSpeak() throws Exception {
        ApiClient.Login owner = api.newUser();
        ApiClient.Login listener = api.newUser();
        String guildId = api.createGuild(owner.token(), "E2E voice").path("id").asString();
        String stage = api.createChannel(owner.token(), guildId, Map.of("name", "stage", "type", 13))
                .path("id")
                .asString();
        String general = api.createChannel(owner.token(), guildId, Map.of("name", "talk", "type", 0))
                .path("id")
                .asString();
        api.acceptInvite(listener.token(), api.createInvite(owner.token(), general));

        try (GatewaySession moderator = GatewaySession.identify(stack.gatewayUrl(), owner.token());
                GatewaySession audience = GatewaySession.identify(stack.gatewayUrl(), listener.token())) {
            audience.send(4, opFour(guildId, stage));

            JsonNode server = expect(audience, "VOICE_SERVER_UPDATE");
            assertThat(server.path("d").path("guild_id").asString()).isEqualTo(guildId);
            assertThat(server.path("d").path("endpoint").asString()).isNotBlank();
            JsonNode joined = expect(moderator, "VOICE_STATE_UPDATE");
            assertThat(joined.path("d").path("user_id").asString()).isEqualTo(listener.userId());
            assertThat(joined.path("d").path("channel_id").asString()).isEqualTo(stage);
            assertThat(joined.path("d").path("suppress").asBoolean()).isTrue();
            assertThat(joined.path("d").path("session_id").asString()).isNotBlank();

            api.expect(
                    HttpMethod.POST,
                    "/api/v10/stage-instances",
                    owner.token(),
                    Map.of("channel_id", stage, "topic", "Live from the stack"),
                    200);
            assertThat(expect(audience, "STAGE_INSTANCE_CREATE")
                            .path("d")
                            .path("topic")
                            .asString())
                    .isEqualTo("Live from the stack");
            api.expect(
                    HttpMethod.PATCH,
                    "/api/v10/guilds/" + guildId + "/voice-states/" + listener.userId(),
                    owner.token(),
                    Map.of("channel_id", stage, "suppress", false),
                    204);
            JsonNode invited = expect(audience, "VOICE_STATE_UPDATE");
            while (invited.path("d").path("suppress").asBoolean()) {
                invited = expect(audience, "VOICE_STATE_UPDATE");
            }
            assertThat(invited.path("d").path("request_to_speak_timestamp").isNull())
                    .as("a person is invited to speak, hand up until they accept")
                    .isFalse();

            audience.send(4, opFour(guildId, null));
            JsonNode left = expect(moderator, "VOICE_STATE_UPDATE");
            while (!left.path("d").path("channel_id").isNull()) {
                left = expect(moderator, "VOICE_STATE_UPDATE");
            }
            assertThat(left.path("d").path("user_id").asString()).isEqualTo(listener.userId());
            api.expect(HttpMethod.GET, "/api/v10/guilds/" + guildId + "/voice-states/@me", listener.token(), null, 404);
        }
    }

    private static Map<String, Object> opFour(String guildId, String channelId) {
        Map<String, Object> d = new HashMap<>();
        d.put("guild_id", guildId);
        d.put("channel_id", channelId);
        d.put("self_mute", false);
        d.put("self_deaf", false);
        return d;
    }

    private static JsonNode expect(GatewaySession session, String type) throws InterruptedException {
        JsonNode dispatch = session.next(type, DISPATCH_TIMEOUT);
        assertThat(dispatch)
                .as("%s within %s; socket %s", type, DISPATCH_TIMEOUT, session.state())
                .isNotNull();
        return dispatch;
    }
}
