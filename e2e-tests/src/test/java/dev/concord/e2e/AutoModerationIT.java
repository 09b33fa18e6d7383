package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Auto moderation through the whole stack: a rule made in guild-service blocks a member's message in
 * webhook-service, which read the guild's rules from guild-service and tells the owner; turning the rule off
 * reaches webhook-service as its event, and the message goes through.
 */
@ExtendWith(LocalStackExtension.class)
class AutoModerationIT {

    private static final Duration DISPATCH_TIMEOUT = Duration.ofSeconds(30);

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    void aKeywordRuleBlocksAMembersMessageUntilItIsTurnedOff() throws Exception {
        ApiClient.Login owner = api.newUser();
        ApiClient.Login member = api.newUser();
        String guildId =
                api.createGuild(owner.token(), "E2E automod").path("id").asString();
        String channel = api.createChannel(owner.token(), guildId, Map.of("name", "talk", "type", 0))
                .path("id")
                .asString();
        api.acceptInvite(member.token(), api.createInvite(owner.token(), channel));
        String messages = "/api/v10/channels/" + channel + "/messages";

        try (GatewaySession managers = GatewaySession.identify(stack.gatewayUrl(), owner.token())) {
            String rule = api.expect(
                            HttpMethod.POST,
                            "/api/v10/guilds/" + guildId + "/auto-moderation/rules",
                            owner.token(),
                            Map.of(
                                    "name",
                                    "no spoilers",
                                    "event_type",
                                    1,
                                    "trigger_type",
                                    1,
                                    "trigger_metadata",
                                    Map.of("keyword_filter", List.of("spoil*")),
                                    "actions",
                                    List.of(Map.of("type", 1)),
                                    "enabled",
                                    true),
                            200)
                    .path("id")
                    .asString();
            assertThat(managers.next("AUTO_MODERATION_RULE_CREATE", DISPATCH_TIMEOUT))
                    .isNotNull();

            JsonNode blocked =
                    api.expect(HttpMethod.POST, messages, member.token(), Map.of("content", "Spoilers ahead"), 400);
            assertThat(blocked.path("code").asInt()).isEqualTo(200000);
            JsonNode executed = managers.next("AUTO_MODERATION_ACTION_EXECUTION", DISPATCH_TIMEOUT);
            assertThat(executed).as("the owner hears of it").isNotNull();
            assertThat(executed.path("d").path("rule_id").asString()).isEqualTo(rule);
            assertThat(executed.path("d").path("user_id").asString()).isEqualTo(member.userId());
            assertThat(executed.path("d").path("matched_content").asString()).isEqualTo("Spoilers");
            assertThat(api.expect(HttpMethod.GET, messages, owner.token(), null, 200))
                    .as("nothing stored")
                    .isEmpty();
            api.expect(HttpMethod.POST, messages, member.token(), Map.of("content", "no surprises here"), 200);

            api.expect(
                    HttpMethod.PATCH,
                    "/api/v10/guilds/" + guildId + "/auto-moderation/rules/" + rule,
                    owner.token(),
                    Map.of("enabled", false),
                    200);
            int status = 0;
            for (long deadline = System.nanoTime() + DISPATCH_TIMEOUT.toNanos(); System.nanoTime() < deadline; ) {
                status = api.send(HttpMethod.POST, messages, member.token(), Map.of("content", "Spoilers ahead"))
                        .status();
                if (status == 200) {
                    break;
                }
                Thread.sleep(200);
            }
            assertThat(status).as("the rule turned off reaches webhook-service").isEqualTo(200);
        }
    }
}
