package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestClients;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code POST /webhooks/{id}/{token}/github}: a repository's webhook deliveries become the platform's messages. */
class GithubExecuteIT extends MessageApiSupport {

    static final String SENDER = GithubMessagesTest.SENDER;
    static final String REPOSITORY = GithubMessagesTest.REPOSITORY;

    static final String PUSH = "{" + SENDER + ", " + REPOSITORY + """
            , "ref": "refs/heads/main", "before": "0000000", "after": "abcdef0", "forced": false,
              "compare": "https://github.com/octocat/Hello-World/compare/0000000...abcdef0",
              "pusher": {"name": "octocat"}, "installation": {"id": 5},
              "commits": [
                {"id": "abcdef0123456789abcdef0123456789abcdef01",
                 "url": "https://github.com/octocat/Hello-World/commit/abcdef0123456789abcdef0123456789abcdef01",
                 "message": "Fix the README\\n\\nIt said commmit.", "author": {"name": "Mona", "username": "mona"},
                 "added": [], "removed": [], "modified": ["README.md"]},
                {"id": "1234567890123456789012345678901234567890",
                 "url": "https://github.com/octocat/Hello-World/commit/1234567890123456789012345678901234567890",
                 "message": "Add a test", "author": {"name": "Hubot"}}]}""";

    static final String ISSUE_OPENED = "{" + SENDER + ", " + REPOSITORY + """
            , "action": "opened",
              "issue": {"id": 3, "number": 12, "title": "Spelling error", "body": "It says commmit.",
                        "html_url": "https://github.com/octocat/Hello-World/issues/12", "labels": [],
                        "user": {"id": 4, "login": "mona", "html_url": "https://github.com/mona",
                                 "avatar_url": "https://avatars.githubusercontent.com/u/4"}}}""";

    String webhookPath(Place place) {
        Response made = call(
                HttpMethod.POST,
                "/channels/" + place.channel() + "/webhooks",
                userToken(place.owner()),
                "{\"name\": \"Repository feed\"}");
        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        return "/webhooks/" + made.body().get("id").asString() + "/"
                + made.body().get("token").asString() + "/github";
    }

    EntityExchangeResult<String> deliver(String path, @Nullable String event, MediaType type, String body) {
        WebTestClient.RequestBodySpec request =
                TestClients.unpooled(port).post().uri(path).contentType(type);
        if (event != null) {
            request.header("X-GitHub-Event", event);
        }
        return request.bodyValue(body).exchange().expectBody(String.class).returnResult();
    }

    JsonNode messages(Place place) {
        return get(place.owner(), "/channels/" + place.channel() + "/messages").body();
    }

    @Test
    void aPushBecomesOneEmbedPostedAsGithubAndAnsweredWithoutABody() {
        Place place = newPlace();
        String path = webhookPath(place);

        EntityExchangeResult<String> answered = deliver(path + "?wait=true", "push", MediaType.APPLICATION_JSON, PUSH);

        assertThat(answered.getStatus().value()).as(answered.getResponseBody()).isEqualTo(204);
        assertThat(answered.getResponseBody()).isNull();
        JsonNode message = messages(place).get(0);
        assertThat(message.get("content").asString()).isEmpty();
        assertThat(message.at("/author/username").asString()).isEqualTo("GitHub");
        assertThat(message.at("/author/bot").asBoolean()).isTrue();
        assertThat(message.get("webhook_id").asString()).isEqualTo(path.split("/")[2]);
        JsonNode embed = message.at("/embeds/0");
        assertThat(embed.get("type").asString()).isEqualTo("rich");
        assertThat(embed.get("title").asString()).isEqualTo("[Hello-World:main] 2 new commits");
        assertThat(embed.get("url").asString())
                .isEqualTo("https://github.com/octocat/Hello-World/compare/0000000...abcdef0");
        assertThat(embed.get("color").asInt()).isEqualTo(0x7289DA);
        assertThat(embed.get("description").asString())
                .isEqualTo("[`abcdef0`](https://github.com/octocat/Hello-World/commit/"
                        + "abcdef0123456789abcdef0123456789abcdef01) Fix the README - Mona\n"
                        + "[`1234567`](https://github.com/octocat/Hello-World/commit/"
                        + "1234567890123456789012345678901234567890) Add a test - Hubot");
        assertThat(embed.at("/author/name").asString()).isEqualTo("octocat");
        assertThat(embed.at("/author/url").asString()).isEqualTo("https://github.com/octocat");
        assertThat(embed.at("/author/icon_url").asString()).isEqualTo("https://avatars.githubusercontent.com/u/1?v=4");
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(message.get("id").asString()));
        assertThat(event.at("/data/embeds/0/title").asString()).isEqualTo("[Hello-World:main] 2 new commits");
        assertThat(event.at("/data/author/username").asString()).isEqualTo("GitHub");
    }

    @Test
    void aFormEncodedDeliveryIsReadFromItsPayloadField() {
        Place place = newPlace();
        String path = webhookPath(place);

        EntityExchangeResult<String> answered = deliver(
                path,
                "issues",
                MediaType.APPLICATION_FORM_URLENCODED,
                "payload=" + URLEncoder.encode(ISSUE_OPENED, StandardCharsets.UTF_8));

        assertThat(answered.getStatus().value()).as(answered.getResponseBody()).isEqualTo(204);
        JsonNode embed = messages(place).at("/0/embeds/0");
        assertThat(embed.get("title").asString()).isEqualTo("[octocat/Hello-World] Issue opened: #12 Spelling error");
        assertThat(embed.get("description").asString()).isEqualTo("It says commmit.");
        assertThat(embed.get("url").asString()).isEqualTo("https://github.com/octocat/Hello-World/issues/12");
        assertThat(embed.at("/author/name").asString()).isEqualTo("mona");
    }

    @Test
    void aFormEncodedDeliveryLargerThanSpringsFormLimitIsStillRead() {
        Place place = newPlace();
        String path = webhookPath(place);
        // GitHub sends a push's file lists: past 256 KiB once form-encoded, within the 1 MiB of a JSON body.
        String large = PUSH.replace("\"installation\": {\"id\": 5}", "\"padding\": \"" + "é".repeat(60_000) + "\"");

        EntityExchangeResult<String> answered = deliver(
                path,
                "push",
                MediaType.APPLICATION_FORM_URLENCODED,
                "hook=1&payload=" + URLEncoder.encode(large, StandardCharsets.UTF_8) + "&payload=ignored");

        assertThat(answered.getStatus().value()).as(answered.getResponseBody()).isEqualTo(204);
        assertThat(messages(place).at("/0/embeds/0/title").asString()).isEqualTo("[Hello-World:main] 2 new commits");
        assertThat(deliver(path, "push", MediaType.APPLICATION_FORM_URLENCODED, "payload=%7B%ZZ")
                        .getResponseBody())
                .contains("50109");
        assertThat(deliver(path, "push", MediaType.APPLICATION_FORM_URLENCODED, "payload=%C0%AF")
                        .getResponseBody())
                .contains("50109");
    }

    @Test
    void pingOtherEventsAndIgnoredActionsAreAnsweredAndPostNothing() throws Exception {
        Place place = newPlace();
        String path = webhookPath(place);
        String labeled = ISSUE_OPENED.replace("\"opened\"", "\"labeled\"");
        String ping = "{\"zen\": \"Design for failure.\", \"hook_id\": 1, " + SENDER + ", " + REPOSITORY + "}";
        String emptyPush = PUSH.replaceFirst("\"commits\": \\[[\\s\\S]*\\]\\}$", "\"commits\": []}");
        assertThat(JsonMapper.builder()
                        .build()
                        .readTree(emptyPush)
                        .get("commits")
                        .isEmpty())
                .isTrue();

        assertThat(deliver(path, "ping", MediaType.APPLICATION_JSON, ping)
                        .getStatus()
                        .value())
                .isEqualTo(204);
        assertThat(deliver(path, "workflow_run", MediaType.APPLICATION_JSON, ping)
                        .getStatus()
                        .value())
                .isEqualTo(204);
        assertThat(deliver(path, "issues", MediaType.APPLICATION_JSON, labeled)
                        .getStatus()
                        .value())
                .isEqualTo(204);
        assertThat(deliver(path, "push", MediaType.APPLICATION_JSON, emptyPush)
                        .getStatus()
                        .value())
                .isEqualTo(204);
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isZero();
    }

    @Test
    void aDeliveryWithoutItsEventOrItsSenderOrTheRightTokenIsRefusedAndPostsNothing() {
        Place place = newPlace();
        String path = webhookPath(place);
        String wrongToken = path.replaceFirst("/[^/]+/github$", "/wrong/github");

        EntityExchangeResult<String> noEvent = deliver(path, null, MediaType.APPLICATION_JSON, PUSH);
        assertThat(noEvent.getStatus().value()).isEqualTo(400);
        JsonNode error = JsonMapper.builder().build().readTree(noEvent.getResponseBody());
        assertThat(error.get("code").asInt()).isEqualTo(50035);
        assertThat(error.at("/errors/X-GitHub-Event/_errors/0/code").asString()).isEqualTo("BASE_TYPE_REQUIRED");

        EntityExchangeResult<String> noSender =
                deliver(path, "push", MediaType.APPLICATION_JSON, "{\"ref\": \"refs/heads/main\"}");
        assertThat(noSender.getStatus().value()).isEqualTo(400);
        assertThat(noSender.getResponseBody()).contains("\"sender\"").contains("50035");

        EntityExchangeResult<String> mistyped =
                deliver(path, "push", MediaType.APPLICATION_JSON, "{" + SENDER + ", \"commits\": \"many\"}");
        assertThat(mistyped.getStatus().value()).isEqualTo(400);
        assertThat(mistyped.getResponseBody()).contains("\"commits\"");

        assertThat(deliver(path, "push", MediaType.APPLICATION_JSON, "{\"sender\": ")
                        .getResponseBody())
                .contains("50109");
        assertThat(deliver(path, "push", MediaType.APPLICATION_FORM_URLENCODED, "other=1")
                        .getResponseBody())
                .contains("\"payload\"");
        assertThat(deliver(wrongToken, "push", MediaType.APPLICATION_JSON, PUSH)
                        .getStatus()
                        .value())
                .isEqualTo(401);
        assertThat(deliver(path + "?thread_id=" + newId(), "push", MediaType.APPLICATION_JSON, PUSH)
                        .getResponseBody())
                .contains("10003");
        Snowflake unknown = Snowflake.of(1);
        assertThat(deliver("/webhooks/" + unknown + "/x/github", "push", MediaType.APPLICATION_JSON, PUSH)
                        .getResponseBody())
                .contains("10015");
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isZero();
    }
}
