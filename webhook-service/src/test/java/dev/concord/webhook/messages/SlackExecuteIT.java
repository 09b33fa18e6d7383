package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestClients;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/** {@code POST /webhooks/{id}/{token}/slack}: Slack's incoming-webhook payloads become the platform's messages. */
class SlackExecuteIT extends MessageApiSupport {

    static final String PAYLOAD = """
            {"text": "Deployed <https://ci.example.org/42|build 42> &amp; <!here>",
             "username": "CI", "icon_url": "https://ci.example.org/icon.png",
             "channel": "#ignored", "icon_emoji": ":ghost:", "mrkdwn": true,
             "attachments": [{
               "fallback": "Build 42 passed", "color": "good", "pretext": "Results:",
               "author_name": "ci-bot", "author_link": "https://ci.example.org", "author_icon": "https://ci.example.org/a.png",
               "title": "Build 42", "title_link": "https://ci.example.org/42", "text": "All *green*",
               "fields": [{"title": "Tests", "value": "1,204", "short": true}, {"title": "Notes", "value": "none"}],
               "image_url": "https://ci.example.org/chart.png", "thumb_url": "https://ci.example.org/t.png",
               "footer": "Concord CI", "footer_icon": "https://ci.example.org/f.png", "ts": 1700000000,
               "mrkdwn_in": ["text"]
             }, {"fallback": "only a fallback", "color": "#ff0000"}]}""";

    String webhookPath(Place place) {
        Response made = call(
                HttpMethod.POST,
                "/channels/" + place.channel() + "/webhooks",
                userToken(place.owner()),
                "{\"name\": \"Slack bridge\"}");
        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        return "/webhooks/" + made.body().get("id").asString() + "/"
                + made.body().get("token").asString() + "/slack";
    }

    @Test
    void aSlackPayloadBecomesContentAndEmbeds() {
        Place place = newPlace();
        String path = webhookPath(place);

        EntityExchangeResult<String> answered = TestClients.unpooled(port)
                .post()
                .uri(path + "?wait=true")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(PAYLOAD)
                .exchange()
                .expectBody(String.class)
                .returnResult();

        assertThat(answered.getStatus().value()).as(answered.getResponseBody()).isEqualTo(200);
        assertThat(answered.getResponseBody()).isEqualTo("ok");
        JsonNode message = get(place.owner(), "/channels/" + place.channel() + "/messages")
                .body()
                .get(0);
        assertThat(message.get("content").asString())
                .isEqualTo("Deployed [build 42](https://ci.example.org/42) & @here\nResults:");
        assertThat(message.at("/author/username").asString()).isEqualTo("CI");
        JsonNode embed = message.at("/embeds/0");
        assertThat(embed.get("type").asString()).isEqualTo("rich");
        assertThat(embed.get("color").asInt()).isEqualTo(0x2EB886);
        assertThat(embed.get("title").asString()).isEqualTo("Build 42");
        assertThat(embed.get("url").asString()).isEqualTo("https://ci.example.org/42");
        assertThat(embed.get("description").asString()).isEqualTo("All *green*");
        assertThat(embed.at("/author/name").asString()).isEqualTo("ci-bot");
        assertThat(embed.at("/author/icon_url").asString()).isEqualTo("https://ci.example.org/a.png");
        assertThat(embed.at("/fields/0/inline").asBoolean()).isTrue();
        assertThat(embed.at("/fields/1/inline").asBoolean()).isFalse();
        assertThat(embed.at("/fields/1/name").asString()).isEqualTo("Notes");
        assertThat(embed.at("/image/url").asString()).isEqualTo("https://ci.example.org/chart.png");
        assertThat(embed.at("/thumbnail/url").asString()).isEqualTo("https://ci.example.org/t.png");
        assertThat(embed.at("/footer/text").asString()).isEqualTo("Concord CI");
        assertThat(embed.at("/footer/icon_url").asString()).isEqualTo("https://ci.example.org/f.png");
        assertThat(embed.get("timestamp").asString()).startsWith("2023-11-14T22:13:20");
        assertThat(message.at("/embeds/1/description").asString()).isEqualTo("only a fallback");
        assertThat(message.at("/embeds/1/color").asInt()).isEqualTo(0xFF0000);
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(message.get("id").asString()));
        assertThat(event.at("/data/embeds/0/title").asString()).isEqualTo("Build 42");
    }

    @Test
    void answeredAsSlackAnswersAlsoForAFormPayload() {
        Place place = newPlace();
        String path = webhookPath(place);

        EntityExchangeResult<String> json = TestClients.unpooled(port)
                .post()
                .uri(path)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"text\": \"plain\"}")
                .exchange()
                .expectBody(String.class)
                .returnResult();
        EntityExchangeResult<String> form = TestClients.unpooled(port)
                .post()
                .uri(path)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .bodyValue("payload=" + URLEncoder.encode("{\"text\": \"from a form\"}", StandardCharsets.UTF_8))
                .exchange()
                .expectBody(String.class)
                .returnResult();

        assertThat(json.getStatus().value()).isEqualTo(200);
        assertThat(json.getResponseBody()).isEqualTo("ok");
        assertThat(form.getStatus().value()).as(form.getResponseBody()).isEqualTo(200);
        assertThat(form.getResponseBody()).isEqualTo("ok");
        assertThat(get(place.owner(), "/channels/" + place.channel() + "/messages")
                        .body()
                        .valueStream()
                        .map(m -> m.get("content").asString()))
                .containsExactly("from a form", "plain");
    }

    @Test
    void nothingToShowOrABrokenPayloadIsRefusedAndPostsNothing() {
        Place place = newPlace();
        String path = webhookPath(place);
        String wrongToken = path.replaceFirst("/[^/]+/slack$", "/wrong/slack");

        assertThat(call(HttpMethod.POST, path, null, "{\"channel\": \"#x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50006);
        assertThat(call(HttpMethod.POST, path, null, "{\"text\": ")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50109);
        assertThat(call(HttpMethod.POST, path, null, "{\"text\": \"x\", \"username\": \"clyde\"}")
                        .body()
                        .at("/errors/username/_errors/0/code")
                        .asString())
                .isEqualTo("USERNAME_INVALID_CONTAINS");
        assertThat(call(HttpMethod.POST, wrongToken, null, "{\"text\": \"x\"}").status())
                .isEqualTo(401);
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isZero();
        Snowflake unknown = Snowflake.of(1);
        assertThat(call(HttpMethod.POST, "/webhooks/" + unknown + "/x/slack", null, "{\"text\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10015);
    }
}
