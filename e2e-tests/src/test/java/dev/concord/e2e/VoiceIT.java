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

    @Test
    void aTeensDmCallRingsTheOtherAndShowsInFamilyCenter() throws Exception {
        ApiClient.Login parent = api.newUser();
        ApiClient.Login teen = api.newUser();
        ApiClient.Login pal = api.newUser();
        String code = api.expect(HttpMethod.GET, "/api/v10/family-center/@me/link-code", teen.token(), null, 200)
                .path("link_code")
                .asString();
        api.expect(
                HttpMethod.POST,
                "/api/v10/users/@me/linked-users",
                parent.token(),
                Map.of("recipient_id", teen.userId(), "code", code),
                200);
        api.expect(
                HttpMethod.PATCH,
                "/api/v10/users/@me/linked-users",
                teen.token(),
                Map.of("link_status", 2, "linked_user_id", parent.userId()),
                200);
        String dm = api.expect(
                        HttpMethod.POST,
                        "/api/v10/users/@me/channels",
                        teen.token(),
                        Map.of("recipient_id", pal.userId()),
                        200)
                .path("id")
                .asString();

        String callMessage;
        try (GatewaySession caller = GatewaySession.identify(stack.gatewayUrl(), teen.token());
                GatewaySession callee = GatewaySession.identify(stack.gatewayUrl(), pal.token())) {
            caller.send(4, opFour(null, dm));

            JsonNode server = expect(caller, "VOICE_SERVER_UPDATE");
            assertThat(server.path("d").path("channel_id").asString()).isEqualTo(dm);
            assertThat(server.path("d").path("guild_id").isNull()).isTrue();
            JsonNode ring = expect(callee, "CALL_CREATE");
            assertThat(ring.path("d").path("channel_id").asString()).isEqualTo(dm);
            assertThat(ring.path("d").path("ringing").get(0).asString()).isEqualTo(pal.userId());
            assertThat(ring.path("d")
                            .path("voice_states")
                            .get(0)
                            .path("user_id")
                            .asString())
                    .isEqualTo(teen.userId());

            callee.send(4, opFour(null, dm));
            JsonNode answered = expect(caller, "CALL_UPDATE");
            assertThat(answered.path("d").path("ringing")).isEmpty();

            caller.send(4, opFour(null, null));
            callee.send(4, opFour(null, null));
            assertThat(expect(caller, "CALL_DELETE")
                            .path("d")
                            .path("channel_id")
                            .asString())
                    .isEqualTo(dm);
            callMessage = ring.path("d").path("message_id").asString();
        }

        JsonNode message = null;
        for (long deadline = System.nanoTime() + DISPATCH_TIMEOUT.toNanos(); System.nanoTime() < deadline; ) {
            message = api.expect(HttpMethod.GET, "/api/v10/channels/" + dm + "/messages", pal.token(), null, 200)
                    .path(0);
            if (message.path("call").path("ended_timestamp").isString()) {
                break;
            }
            Thread.sleep(200);
        }
        assertThat(message).isNotNull();
        assertThat(message.path("id").asString())
                .as("the call's system message: %s", message)
                .isEqualTo(callMessage);
        assertThat(message.path("type").asInt()).isEqualTo(3);
        assertThat(message.path("author").path("id").asString()).isEqualTo(teen.userId());
        assertThat(message.path("call").path("participants").valueStream().map(JsonNode::asString))
                .containsExactly(teen.userId(), pal.userId());
        assertThat(message.path("call").path("ended_timestamp").isString())
                .as("%s", message)
                .isTrue();

        JsonNode audit = null;
        for (long deadline = System.nanoTime() + DISPATCH_TIMEOUT.toNanos(); System.nanoTime() < deadline; ) {
            audit = api.expect(HttpMethod.GET, "/api/v10/family-center/@me", parent.token(), null, 200)
                    .path("teen_audit_log");
            if (audit.path("totals").path("5").asLong() > 0) {
                break;
            }
            Thread.sleep(200);
        }
        assertThat(audit).isNotNull();
        assertThat(audit.path("totals").path("5").asLong())
                .as("the teen called one user: %s", audit)
                .isEqualTo(1);
        assertThat(audit.path("actions")
                        .valueStream()
                        .filter(action -> action.path("display_type").asInt() == 5)
                        .map(action -> action.path("entity_id").asString()))
                .containsExactly(pal.userId());
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
