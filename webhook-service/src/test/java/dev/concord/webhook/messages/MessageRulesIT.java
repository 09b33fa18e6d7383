package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Auto moderation on messages: a guild's rules judge every message before it is stored. */
class MessageRulesIT extends MessageApiSupport {

    private static String keywordRule(
            Snowflake id, String keywords, String allowList, String exemptRoles, String exemptChannels) {
        return """
                {"id": "%s", "guild_id": "1", "name": "words", "creator_id": "1", "event_type": 1, "trigger_type": 1,
                 "trigger_metadata": {"keyword_filter": [%s], "regex_patterns": [], "allow_list": [%s]},
                 "actions": [{"type": 1, "metadata": {"custom_message": "Mind your words"}}],
                 "enabled": true, "exempt_roles": [%s], "exempt_channels": [%s]}""".formatted(id, keywords, allowList, exemptRoles, exemptChannels);
    }

    private long messagesIn(Snowflake channel) {
        return stored("SELECT count(*) FROM messages WHERE channel_id = :id", channel);
    }

    @Test
    void aBlockingKeywordRuleRefusesTheMessageStoresNothingAndTellsTheManagers() {
        Place place = newPlace();
        Snowflake member = place.member(this, "writer", MEMBER);
        Snowflake rule = newId();
        GUILD_SERVICE.autoModerationRules(
                place.guild().value(), "[" + keywordRule(rule, "\"cat*\", \"ice cream\"", "\"catalog\"", "", "") + "]");

        Response blocked = send(member, place.channel(), "{\"content\": \"look, a Catapult!\"}");

        assertThat(blocked.status()).isEqualTo(400);
        assertThat(blocked.body())
                .isEqualTo(json("{\"message\": \"Message was blocked by automatic moderation\", \"code\": 200000}"));
        assertThat(messagesIn(place.channel())).as("nothing stored").isZero();
        JsonNode executed = awaitEvent(e -> e.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                && e.at("/data/rule_id").asString().equals(rule.asString()));
        assertThat(executed.at("/audience"))
                .isEqualTo(
                        json("{\"guild_id\": \"" + place.guild() + "\", \"required_permission\": \"MANAGE_GUILD\"}"));
        assertThat(executed.at("/data")).isEqualTo(json("""
                        {"guild_id": "%s", "action": {"type": 1, "metadata": {"custom_message": "Mind your words"}},
                         "rule_id": "%s", "rule_trigger_type": 1, "user_id": "%s", "channel_id": "%s",
                         "content": "look, a Catapult!", "matched_keyword": "cat*", "matched_content": "Catapult"}""".formatted(place.guild(), rule, member, place.channel())));

        assertThat(send(member, place.channel(), "{\"content\": \"the catalog is out\"}")
                        .status())
                .as("the allow list wins")
                .isEqualTo(200);
        assertThat(send(member, place.channel(), "{\"content\": \"I like ice   cream\"}")
                        .status())
                .as("a phrase is its words, whatever the spaces between them")
                .isEqualTo(400);
        assertThat(send(member, place.channel(), "{\"content\": \"icecream\"}").status())
                .isEqualTo(200);
        assertThat(send(place.owner(), place.channel(), "{\"content\": \"catapults for the owner\"}")
                        .status())
                .as("whoever may manage the guild is exempt")
                .isEqualTo(200);
        assertThat(messagesIn(place.channel())).isEqualTo(3);

        Response clean = send(member, place.channel(), "{\"content\": \"all quiet\"}");
        String path = "/channels/" + place.channel() + "/messages/"
                + clean.body().get("id").asString();
        Response edited = as(member, HttpMethod.PATCH, path, "{\"content\": \"a catastrophe\"}");
        assertThat(edited.status()).as("an edit is judged too").isEqualTo(400);
        assertThat(edited.body().get("code").asInt()).isEqualTo(200000);
        assertThat(get(member, path).body().get("content").asString())
                .as("a blocked edit leaves the message as it was")
                .isEqualTo("all quiet");
    }

    @Test
    void exemptRolesAndChannelsAreLeftAloneAndWebhooksAreJudgedToo() {
        Place place = newPlace();
        Snowflake exempt = place.member(this, "trusted", MEMBER);
        Snowflake member = place.member(this, "plain", MEMBER);
        Snowflake quiet = place.channel(this);
        Snowflake trusted = newId();
        place.fake().showsRoles(exempt.value(), trusted.value());
        GUILD_SERVICE.autoModerationRules(
                place.guild().value(),
                "[" + keywordRule(newId(), "\"forbidden\"", "", "\"" + trusted + "\"", "\"" + quiet + "\"") + "]");

        assertThat(send(exempt, place.channel(), "{\"content\": \"forbidden\"}").status())
                .isEqualTo(200);
        assertThat(send(member, quiet, "{\"content\": \"forbidden\"}").status()).isEqualTo(200);
        assertThat(send(member, place.channel(), "{\"content\": \"forbidden\"}").status())
                .isEqualTo(400);

        Snowflake manager = place.member(this, "hooker", Permission.ALL & ~Permission.ADMINISTRATOR.bit());
        Response webhook =
                as(manager, HttpMethod.POST, "/channels/" + place.channel() + "/webhooks", "{\"name\": \"relay\"}");
        String url = "/webhooks/" + webhook.body().get("id").asString() + "/"
                + webhook.body().get("token").asString();
        Response embedded = call(HttpMethod.POST, url, "", "{\"embeds\": [{\"title\": \"all forbidden here\"}]}");
        assertThat(embedded.status())
                .as("a webhook's embeds are judged: %s", embedded.body())
                .isEqualTo(400);
        assertThat(embedded.body().get("code").asInt()).isEqualTo(200000);
        assertThat(call(HttpMethod.POST, url, "", "{\"content\": \"fine words\"}")
                        .status())
                .isEqualTo(204);
    }

    @Test
    void anAlertingRuleLetsTheMessageThroughPostsItsAlertAndTimesTheMemberOut() {
        Place place = newPlace();
        Snowflake member = place.member(this, "flagged", MEMBER);
        Snowflake alerts = place.channel(this);
        Snowflake rule = newId();
        GUILD_SERVICE.autoModerationRules(place.guild().value(), """
                [{"id": "%s", "guild_id": "%s", "name": "watch list", "creator_id": "1", "event_type": 1,
                  "trigger_type": 1, "trigger_metadata": {"keyword_filter": ["*watch*"]},
                  "actions": [{"type": 2, "metadata": {"channel_id": "%s"}},
                              {"type": 3, "metadata": {"duration_seconds": 60}}],
                  "enabled": true, "exempt_roles": [], "exempt_channels": []}]""".formatted(rule, place.guild(), alerts));

        Response sent = send(member, place.channel(), "{\"content\": \"stopwatches everywhere\"}");

        assertThat(sent.status()).as("no block: %s", sent.body()).isEqualTo(200);
        String messageId = sent.body().get("id").asString();
        JsonNode alerted = awaitEvent(e -> e.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                && e.at("/data/rule_id").asString().equals(rule.asString())
                && e.at("/data/action/type").asInt() == 2);
        assertThat(alerted.at("/data/message_id").asString()).isEqualTo(messageId);
        String alertId = alerted.at("/data/alert_system_message_id").asString();
        JsonNode alert = get(place.owner(), "/channels/" + alerts + "/messages/" + alertId)
                .body();
        assertThat(alert.get("type").asInt()).isEqualTo(24);
        assertThat(alert.at("/author/id").asString()).isEqualTo(member.asString());
        assertThat(alert.at("/embeds/0/type").asString()).isEqualTo("auto_moderation_message");
        assertThat(alert.at("/embeds/0/description").asString()).isEqualTo("stopwatches everywhere");
        assertThat(fields(alert.at("/embeds/0/fields")))
                .containsEntry("rule_name", "watch list")
                .containsEntry("channel_id", place.channel().asString())
                .containsEntry("flagged_message_id", messageId)
                .containsEntry("decision_outcome", "flagged")
                .containsEntry("keyword", "*watch*")
                .containsEntry("keyword_matched_content", "stopwatches")
                .containsEntry("timeout_duration", "60")
                .containsKey("decision_id");
        JsonNode timedOut = awaitEvent(e -> e.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                && e.at("/data/rule_id").asString().equals(rule.asString())
                && e.at("/data/action/type").asInt() == 3);
        assertThat(timedOut.at("/data/action/metadata/duration_seconds").asInt())
                .isEqualTo(60);
        assertThat(GUILD_SERVICE.requestsTo("/members/" + member + "/auto-moderation-timeout"))
                .singleElement()
                .satisfies(request -> assertThat(request.body()).isEqualTo(json("{\"duration_seconds\": 60}")));

        Response webhook = as(
                place.owner(), HttpMethod.POST, "/channels/" + place.channel() + "/webhooks", "{\"name\": \"ticker\"}");
        String hookId = webhook.body().get("id").asString();
        String url = "/webhooks/" + hookId + "/" + webhook.body().get("token").asString() + "?wait=true";
        Response posted = call(HttpMethod.POST, url, "", "{\"content\": \"watchers\"}");
        assertThat(posted.status()).as("%s", posted.body()).isEqualTo(200);
        JsonNode hookAlerted = awaitEvent(e -> e.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                && e.at("/data/message_id")
                        .asString()
                        .equals(posted.body().get("id").asString())
                && e.at("/data/action/type").asInt() == 2);
        JsonNode hookAlert = get(
                        place.owner(),
                        "/channels/" + alerts + "/messages/"
                                + hookAlerted
                                        .at("/data/alert_system_message_id")
                                        .asString())
                .body();
        assertThat(hookAlert.at("/author/id").asString())
                .as("a webhook's alert shows the webhook")
                .isEqualTo(hookId);
        assertThat(hookAlert.at("/author/username").asString()).isEqualTo("ticker");
        assertThat(GUILD_SERVICE.requestsTo("/members/" + hookId + "/auto-moderation-timeout"))
                .as("a webhook is nobody to time out")
                .isEmpty();
    }

    private static Map<String, String> fields(JsonNode fields) {
        Map<String, String> byName = new java.util.LinkedHashMap<>();
        fields.forEach(field ->
                byName.put(field.get("name").asString(), field.get("value").asString()));
        return byName;
    }

    @Test
    void aChangedRuleJudgesTheNextMessageOnceItsEventArrives() {
        Place place = newPlace();
        Snowflake member = place.member(this, "changer", MEMBER);
        assertThat(send(member, place.channel(), "{\"content\": \"tomato\"}").status())
                .as("no rules yet (and that answer is kept)")
                .isEqualTo(200);

        Snowflake rule = newId();
        GUILD_SERVICE.autoModerationRules(
                place.guild().value(), "[" + keywordRule(rule, "\"tomato\"", "", "", "") + "]");
        publish(
                "guild.events",
                place.guild().asString(),
                "AUTO_MODERATION_RULE_CREATE",
                Map.of("guild_id", place.guild().asString(), "required_permission", "MANAGE_GUILD"),
                Map.of("id", rule.asString(), "guild_id", place.guild().asString()));

        Awaitility.await("the new rule judges")
                .atMost(Duration.ofSeconds(15))
                .until(() -> send(member, place.channel(), "{\"content\": \"tomato\"}")
                                .status()
                        == 400);
    }
}
