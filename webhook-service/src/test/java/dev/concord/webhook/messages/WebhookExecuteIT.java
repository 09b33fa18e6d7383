package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestClients;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/**
 * Executing a webhook with its token (JSON and multipart, {@code wait}) and the webhook's own messages read,
 * edited and deleted with the token: the message is the webhook's, with the events a member's has.
 */
class WebhookExecuteIT extends WebhookExecuteSupport {

    @Test
    void anExecutionPostsAsTheWebhookAndWaitAnswersTheMessage() {
        Place place = newPlace();
        Snowflake member = place.member(this, "member", MEMBER);
        Hook hook = webhook(place, "Deploys");

        Response waited = execute(
                hook.path() + "?wait=true",
                "{\"content\": \"shipped @everyone <@" + member + ">\", \"username\": \"Release Bot\","
                        + " \"avatar_url\": \"https://example.org/a.png\", \"flags\": 4096}");
        Response fired = execute(hook.path(), "{\"content\": \"quietly\"}");

        assertThat(waited.status()).as("%s", waited.body()).isEqualTo(200);
        JsonNode message = waited.body();
        assertThat(message.at("/author/id").asString()).isEqualTo(hook.id().asString());
        assertThat(message.at("/author/username").asString()).isEqualTo("Release Bot");
        assertThat(message.at("/author/bot").asBoolean()).isTrue();
        assertThat(message.at("/author/avatar").asString()).matches("[0-9a-f]{32}");
        assertThat(message.get("webhook_id").asString()).isEqualTo(hook.id().asString());
        assertThat(message.get("mention_everyone").asBoolean())
                .as("a webhook may mention everyone")
                .isTrue();
        assertThat(message.at("/mentions/0/id").asString()).isEqualTo(member.asString());
        assertThat(message.get("flags").asInt()).isEqualTo(4096);
        assertThat(fired.status()).isEqualTo(204);
        assertThat(messagesIn(place.channel())).isEqualTo(2);
        assertThat(stored(
                        "SELECT count(*) FROM messages WHERE webhook_id = :id AND author_name = 'Deploys'", hook.id()))
                .as("without a username, the webhook's name")
                .isEqualTo(1);

        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(message.get("id").asString()));
        assertThat(event.at("/data/webhook_id").asString()).isEqualTo(hook.id().asString());
        assertThat(event.at("/data/author/username").asString()).isEqualTo("Release Bot");
        assertThat(event.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(event.at("/data/member").isMissingNode())
                .as("a webhook is no member")
                .isTrue();
        assertThat(event.at("/audience/channel_id").asString())
                .isEqualTo(place.channel().asString());

        JsonNode history =
                get(member, "/channels/" + place.channel() + "/messages").body();
        assertThat(history.get(0).at("/author/username").asString()).isEqualTo("Deploys");
        assertThat(history.get(1).at("/author/username").asString()).isEqualTo("Release Bot");
    }

    @Test
    void aChangedOrDeletedWebhookIsReadAgainBeforeItsNextExecution() {
        Place place = newPlace();
        Hook hook = webhook(place, "Before");
        assertThat(execute(hook.path() + "?wait=true", "{\"content\": \"1\"}")
                        .body()
                        .at("/author/username")
                        .asString())
                .isEqualTo("Before");

        call(HttpMethod.PATCH, hook.path(), null, "{\"name\": \"Renamed\"}");
        JsonNode renamed =
                execute(hook.path() + "?wait=true", "{\"content\": \"2\"}").body();
        // As another instance changes it: the row changes, its WEBHOOKS_UPDATE arrives here.
        db.sql("UPDATE webhooks SET name = 'Elsewhere' WHERE id = :id")
                .bind("id", hook.id().value())
                .then()
                .block(Duration.ofSeconds(5));
        publish(
                "webhook.events",
                place.channel().asString(),
                "WEBHOOKS_UPDATE",
                Map.of(
                        "guild_id",
                        place.guild().asString(),
                        "channel_id",
                        place.channel().asString()),
                Map.of(
                        "guild_id",
                        place.guild().asString(),
                        "channel_id",
                        place.channel().asString()));

        assertThat(renamed.at("/author/username").asString()).isEqualTo("Renamed");
        Awaitility.await("the other instance's change is seen")
                .atMost(Duration.ofSeconds(15))
                .until(() -> execute(hook.path() + "?wait=true", "{\"content\": \"3\"}")
                        .body()
                        .at("/author/username")
                        .asString()
                        .equals("Elsewhere"));
        assertThat(call(HttpMethod.DELETE, hook.path(), null, null).status()).isEqualTo(204);
        assertThat(execute(hook.path(), "{\"content\": \"gone\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10015);
    }

    @Test
    void theTokenReadsEditsAndDeletesOnlyTheWebhooksOwnMessages() {
        Place place = newPlace();
        Snowflake member = place.member(this, "member", MEMBER);
        Hook hook = webhook(place, "Status");
        Hook other = webhook(place, "Other");
        String own = execute(hook.path() + "?wait=true", "{\"content\": \"up\"}")
                .body()
                .get("id")
                .asString();
        String theirs = execute(other.path() + "?wait=true", "{\"content\": \"theirs\"}")
                .body()
                .get("id")
                .asString();
        String members = send(member, place.channel(), "{\"content\": \"a member's\"}")
                .body()
                .get("id")
                .asString();

        Response read = call(HttpMethod.GET, hook.path() + "/messages/" + own, null, null);
        Response edited = call(
                HttpMethod.PATCH, hook.path() + "/messages/" + own, null, "{\"content\": \"down <@" + member + ">\"}");

        assertThat(read.status()).as("%s", read.body()).isEqualTo(200);
        assertThat(read.body().get("content").asString()).isEqualTo("up");
        assertThat(edited.status()).as("%s", edited.body()).isEqualTo(200);
        assertThat(edited.body().get("content").asString()).startsWith("down");
        assertThat(edited.body().get("edited_timestamp").isNull()).isFalse();
        assertThat(edited.body().at("/mentions/0/id").asString()).isEqualTo(member.asString());
        awaitEvent(e -> e.path("type").asString().equals("MESSAGE_UPDATE")
                && e.at("/data/id").asString().equals(own));
        for (String notOwn : new String[] {theirs, members}) {
            assertThat(call(HttpMethod.GET, hook.path() + "/messages/" + notOwn, null, null)
                            .body()
                            .get("code")
                            .asInt())
                    .isEqualTo(10008);
            assertThat(call(HttpMethod.PATCH, hook.path() + "/messages/" + notOwn, null, "{\"content\": \"x\"}")
                            .body()
                            .get("code")
                            .asInt())
                    .isEqualTo(10008);
            assertThat(call(HttpMethod.DELETE, hook.path() + "/messages/" + notOwn, null, null)
                            .body()
                            .get("code")
                            .asInt())
                    .isEqualTo(10008);
        }

        assertThat(call(HttpMethod.DELETE, hook.path() + "/messages/" + own, null, null)
                        .status())
                .isEqualTo(204);
        awaitEvent(e -> e.path("type").asString().equals("MESSAGE_DELETE")
                && e.at("/data/id").asString().equals(own));
        assertThat(call(HttpMethod.GET, hook.path() + "/messages/" + own, null, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10008);
        assertThat(messagesIn(place.channel())).isEqualTo(2);
    }

    @Test
    void badInputAndWrongTokensAreRefusedAndChangeNothing() {
        Place place = newPlace();
        Hook hook = webhook(place, "Strict");
        String wrongToken = "/webhooks/" + hook.id() + "/not-the-token";
        Map<String, String> refused = Map.of(
                "{\"content\": \"" + "x".repeat(2001) + "\"}",
                "/errors/content/_errors/0/code",
                "{\"content\": \"x\", \"username\": \"clyde\"}",
                "/errors/username/_errors/0/code",
                "{\"content\": \"x\", \"username\": \"\"}",
                "/errors/username/_errors/0/code",
                "{\"content\": \"x\", \"avatar_url\": \"not a url\"}",
                "/errors/avatar_url/_errors/0/code",
                "{\"content\": \"x\", \"flags\": 1}",
                "/errors/flags/_errors/0/code",
                "{\"content\": \"x\", \"thread_name\": \"\"}",
                "/errors/thread_name/_errors/0/code",
                "{\"content\": \"x\", \"applied_tags\": [\"1\", \"2\", \"3\", \"4\", \"5\", \"6\"]}",
                "/errors/applied_tags/_errors/0/code");

        refused.forEach((body, field) -> {
            Response response = execute(hook.path(), body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(body).isEqualTo(50035);
            assertThat(response.body().at(field).isString()).as(body).isTrue();
        });
        assertThat(execute(hook.path(), "{}").body().get("code").asInt()).isEqualTo(50006);
        assertThat(execute(wrongToken, "{\"content\": \"x\"}").status()).isEqualTo(401);
        assertThat(execute(wrongToken, "{\"content\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50027);
        assertThat(execute("/webhooks/1/whatever", "{\"content\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10015);
        assertThat(execute(hook.path() + "?thread_id=1", "{\"content\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10003);
        assertThat(execute(hook.path() + "?wait=perhaps", "{\"content\": \"x\"}")
                        .body()
                        .at("/errors/wait/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_BOOLEAN");
        assertThat(messagesIn(place.channel())).isZero();

        Place forum = newPlace();
        GUILD_SERVICE.channelType(forum.channel().value(), 15);
        Hook posts = webhook(forum, "Posts");
        Response unthreaded = execute(posts.path(), "{\"content\": \"x\"}");
        assertThat(unthreaded.status()).isEqualTo(400);
        assertThat(unthreaded.body().get("code").asInt()).isEqualTo(220001);
        assertThat(messagesIn(forum.channel())).isZero();
    }

    @Test
    void filesComeWithAMultipartExecution() {
        Place place = newPlace();
        Hook hook = webhook(place, "Reports");

        JsonNode sent = multipart(
                HttpMethod.POST,
                hook.path() + "?wait=true",
                "{\"content\": \"the report\", \"attachments\": [{\"id\": 0, \"description\": \"weekly\"}]}",
                "report.txt",
                "all good");

        JsonNode attachment = sent.at("/attachments/0");
        assertThat(attachment.get("filename").asString()).isEqualTo("report.txt");
        assertThat(attachment.get("description").asString()).isEqualTo("weekly");
        assertThat(attachment.get("size").asInt()).isEqualTo(8);
        assertThat(sent.get("webhook_id").asString()).isEqualTo(hook.id().asString());
    }

    @Test
    void anEditAppendsFilesAndKeepsOnlyThoseItLists() throws Exception {
        Place place = newPlace();
        Hook hook = webhook(place, "Files");
        long filesBefore = storedFiles();
        JsonNode sent =
                multipart(HttpMethod.POST, hook.path() + "?wait=true", "{\"content\": \"v1\"}", "first.txt", "one");
        String messagePath = hook.path() + "/messages/" + sent.get("id").asString();
        String firstId = sent.at("/attachments/0/id").asString();

        JsonNode appended = multipart(
                HttpMethod.PATCH,
                messagePath,
                "{\"content\": \"v2\", \"attachments\": [{\"id\": \"" + firstId
                        + "\"}, {\"id\": 0, \"description\": \"the second\"}]}",
                "second.txt",
                "two");
        long filesAppended = storedFiles();
        Response unknown =
                call(HttpMethod.PATCH, messagePath, null, "{\"attachments\": [{\"id\": \"1234567890123\"}]}");
        Response cleared = call(HttpMethod.PATCH, messagePath, null, "{\"attachments\": []}");

        assertThat(appended.get("content").asString()).isEqualTo("v2");
        assertThat(appended.get("attachments").valueStream().map(a -> a.get("filename")
                        .asString()))
                .containsExactly("first.txt", "second.txt");
        assertThat(appended.at("/attachments/1/description").asString()).isEqualTo("the second");
        assertThat(filesAppended).isEqualTo(filesBefore + 2);
        assertThat(unknown.body().at("/errors/attachments/0/id/_errors/0/code").asString())
                .isEqualTo("ATTACHMENT_NOT_FOUND");
        assertThat(cleared.status()).as("%s", cleared.body()).isEqualTo(200);
        assertThat(cleared.body().get("attachments").isEmpty()).isTrue();
        assertThat(storedFiles()).as("the files let go are deleted").isEqualTo(filesBefore);
        awaitEvent(e -> e.path("type").asString().equals("MESSAGE_UPDATE")
                && e.at("/data/id").asString().equals(sent.get("id").asString())
                && e.at("/data/attachments").isEmpty());
    }

    @Test
    void aRequestPastItsCeilingIs413AndLeavesNoFileBehind() throws Exception {
        Place place = newPlace();
        Hook hook = webhook(place, "Uploads");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        part(
                body,
                "Content-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json",
                "{\"content\": \"too much\"}".getBytes(StandardCharsets.UTF_8));
        byte[] file = new byte[900 * 1024];
        for (int i = 0; i < 4; i++) {
            part(
                    body,
                    "Content-Disposition: form-data; name=\"files[" + i + "]\"; filename=\"part" + i
                            + ".bin\"\r\nContent-Type: application/octet-stream",
                    file);
        }
        body.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        long filesBefore = storedFiles();

        EntityExchangeResult<JsonNode> refused = refusedWhileSending(hook.path() + "?wait=true", body.toByteArray());

        assertThat(body.size())
                .as("each file is under its own limit, all of them over the request's")
                .isGreaterThan((int) MAX_REQUEST_BYTES);
        assertThat(refused.getStatus().value()).isEqualTo(413);
        assertThat(refused.getResponseBody().get("code").asInt()).isEqualTo(40005);
        assertThat(messagesIn(place.channel())).isZero();
        assertThat(storedFiles()).isEqualTo(filesBefore);
    }

    /**
     * Posts a body the server refuses while it is still being sent. The server answers 413 mid-upload and
     * closes; a client still writing then now and then never reads that answer (seen once in a clean-clone
     * run: the exchange waited out its 10 s). Another attempt is the same request again; the refusal
     * itself is what the test checks, on the attempt that reads it.
     */
    private EntityExchangeResult<JsonNode> refusedWhileSending(String path, byte[] body) {
        IllegalStateException unanswered = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                return TestClients.unpooled(port)
                        .post()
                        .uri(path)
                        .contentType(MediaType.parseMediaType("multipart/form-data; boundary=" + BOUNDARY))
                        .bodyValue(body)
                        .exchange()
                        .expectBody(JsonNode.class)
                        .returnResult();
            } catch (IllegalStateException timedOut) {
                unanswered = timedOut;
            }
        }
        throw Objects.requireNonNull(unanswered);
    }

    private static long storedFiles() throws IOException {
        Files.createDirectories(ATTACHMENTS);
        try (Stream<Path> files = Files.list(ATTACHMENTS)) {
            return files.count();
        }
    }
}
