package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Components on messages: a bot's and an application webhook's messages carry them, stored and sent with
 * the message; nobody else's do; a broken rule is named and changes nothing (the rules: ComponentsTest).
 */
class ComponentMessagesIT extends MessageApiSupport {

    static final String ROWS = """
            [{"type": 1, "components": [
                {"type": 2, "style": 3, "label": "Approve", "custom_id": "approve"},
                {"type": 2, "style": 5, "label": "Open", "url": "https://example.org/pr/1"}]},
             {"type": 1, "components": [
                {"type": 3, "custom_id": "pick", "placeholder": "Choose", "min_values": 1, "max_values": 2,
                 "options": [{"label": "A", "value": "a", "default": true}, {"label": "B", "value": "b"}]}]}]""";

    Snowflake bot(Place place) {
        Snowflake bot = newId();
        knownUser(bot, "bot", "0", true);
        place.fake().member(bot.value(), MEMBER | Permission.MANAGE_WEBHOOKS.bit());
        return bot;
    }

    @Test
    void aBotsMessageCarriesComponentsAndAPersonsDoesNot() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = place.member(this, "person", MEMBER);

        Response sent = call(
                HttpMethod.POST,
                "/channels/" + place.channel() + "/messages",
                botToken(bot),
                "{\"content\": \"Review?\", \"components\": " + ROWS + "}");
        Response refused = send(person, place.channel(), "{\"content\": \"mine\", \"components\": " + ROWS + "}");

        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        JsonNode message = sent.body();
        assertThat(message.at("/components/0/components/0/custom_id").asString())
                .isEqualTo("approve");
        assertThat(message.at("/components/1/components/0/options/0/default").asBoolean())
                .isTrue();
        JsonNode read = get(
                        person,
                        "/channels/" + place.channel() + "/messages/"
                                + message.get("id").asString())
                .body();
        assertThat(read.get("components")).isEqualTo(message.get("components"));
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(message.get("id").asString()));
        assertThat(event.at("/data/components/0/components/1/url").asString()).isEqualTo("https://example.org/pr/1");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().at("/errors/components/_errors/0/code").asString())
                .isEqualTo("COMPONENT_APPLICATION_REQUIRED");
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isEqualTo(1);
    }

    @Test
    void aBotEditsItsComponentsAndABrokenRowChangesNothing() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        String id = call(
                        HttpMethod.POST,
                        "/channels/" + place.channel() + "/messages",
                        botToken(bot),
                        "{\"content\": \"Vote\", \"components\": " + ROWS + "}")
                .body()
                .get("id")
                .asString();
        String path = "/channels/" + place.channel() + "/messages/" + id;

        Response broken = call(
                HttpMethod.PATCH,
                path,
                botToken(bot),
                "{\"components\": [{\"type\": 1, \"components\": [{\"type\": 2, \"style\": 1, \"label\": \"x\"}]}]}");
        Response cleared = call(HttpMethod.PATCH, path, botToken(bot), "{\"components\": []}");

        assertThat(broken.body()
                        .at("/errors/components/0/components/0/custom_id/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(cleared.status()).as("%s", cleared.body()).isEqualTo(200);
        assertThat(cleared.body().get("components").isEmpty()).isTrue();
        awaitEvent(e -> e.path("type").asString().equals("MESSAGE_UPDATE")
                && e.at("/data/id").asString().equals(id)
                && e.at("/data/components").isEmpty());
        assertThat(stored("SELECT count(*) FROM messages WHERE id = :id AND components = '[]'", Snowflake.parse(id)))
                .isEqualTo(1);
    }

    @Test
    void onlyAnApplicationsWebhookPostsComponents() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Response incoming = call(
                HttpMethod.POST,
                "/channels/" + place.channel() + "/webhooks",
                userToken(place.owner()),
                "{\"name\": \"Person's\"}");
        Response application = call(
                HttpMethod.POST, "/channels/" + place.channel() + "/webhooks", botToken(bot), "{\"name\": \"App's\"}");
        String body = "{\"content\": \"pick\", \"components\": " + ROWS + "}";

        Response refused = call(HttpMethod.POST, executePath(incoming) + "?wait=true", null, body);
        Response posted = call(HttpMethod.POST, executePath(application) + "?wait=true", null, body);

        assertThat(refused.body().at("/errors/components/_errors/0/code").asString())
                .isEqualTo("COMPONENT_APPLICATION_REQUIRED");
        assertThat(posted.status()).as("%s", posted.body()).isEqualTo(200);
        assertThat(posted.body().at("/components/0/components/0/label").asString())
                .isEqualTo("Approve");
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isEqualTo(1);
    }

    private static String executePath(Response webhook) {
        return "/webhooks/" + webhook.body().get("id").asString() + "/"
                + webhook.body().get("token").asString();
    }
}
