package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.GuildServiceFake;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A webhook posting into a thread of its channel ({@code thread_id}) and starting forum posts
 * ({@code thread_name}, {@code applied_tags}): guild-service (here its fake) is told of each message in a
 * thread before it is stored, and starts each post, whose first message takes the thread's id.
 */
class WebhookThreadIT extends WebhookExecuteSupport {

    @Test
    void threadIdPostsIntoAThreadOfTheWebhooksChannel() {
        Place place = newPlace();
        Hook hook = webhook(place, "Builds");
        Snowflake thread = newThread(place);
        Snowflake elsewhere = newId();
        GUILD_SERVICE.thread(
                place.guild().value(), elsewhere.value(), place.channel(this).value(), 11);

        Response posted = execute(hook.path() + "?wait=true&thread_id=" + thread, "{\"content\": \"green\"}");
        Response otherChannel = execute(hook.path() + "?thread_id=" + elsewhere, "{\"content\": \"x\"}");
        Response notAThread = execute(hook.path() + "?thread_id=" + place.channel(this), "{\"content\": \"x\"}");

        assertThat(posted.status()).as("%s", posted.body()).isEqualTo(200);
        String id = posted.body().get("id").asString();
        assertThat(posted.body().get("channel_id").asString()).isEqualTo(thread.asString());
        assertThat(messagesIn(thread)).isEqualTo(1);
        assertThat(messagesIn(place.channel())).isZero();
        GuildServiceFake.Request told = GUILD_SERVICE
                .requestsTo("/internal/threads/" + thread + "/messages")
                .get(0);
        assertThat(told.body()).isEqualTo(json("{\"message_id\": \"" + id + "\", \"manage_threads\": false}"));
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(id));
        assertThat(event.at("/audience/channel_id").asString()).isEqualTo(thread.asString());
        assertThat(otherChannel.body().get("code").asInt()).isEqualTo(10003);
        assertThat(notAThread.body().get("code").asInt()).isEqualTo(10003);
        assertThat(messagesIn(elsewhere)).isZero();
    }

    @Test
    void messagesDeletedInAThreadLeaveItsCount() {
        Place place = newPlace();
        Hook hook = webhook(place, "Builds");
        Snowflake thread = newThread(place);
        String[] ids = new String[3];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = execute(hook.path() + "?wait=true&thread_id=" + thread, "{\"content\": \"" + i + "\"}")
                    .body()
                    .get("id")
                    .asString();
        }
        String told = "/internal/threads/" + thread + "/messages/deleted";

        Response single =
                call(HttpMethod.DELETE, hook.path() + "/messages/" + ids[0] + "?thread_id=" + thread, null, null);
        Response bulk = call(
                HttpMethod.POST,
                "/channels/" + thread + "/messages/bulk-delete",
                userToken(place.owner()),
                "{\"messages\": [\"" + ids[1] + "\", \"" + ids[2] + "\", \"" + ids[0] + "\"]}");

        assertThat(single.status()).as("%s", single.body()).isEqualTo(204);
        assertThat(bulk.status()).as("%s", bulk.body()).isEqualTo(204);
        assertThat(messagesIn(thread)).isZero();
        assertThat(GUILD_SERVICE.requestsTo(told))
                .extracting(request -> request.body()
                        .get("message_ids")
                        .valueStream()
                        .map(JsonNode::asString)
                        .collect(Collectors.toSet()))
                .as("each deletion once, with the messages it deleted (the bulk's third was gone already)")
                .containsExactly(Set.of(ids[0]), Set.of(ids[1], ids[2]));
        // Outside threads guild-service hears nothing of deletions.
        String outside = execute(hook.path() + "?wait=true", "{\"content\": \"x\"}")
                .body()
                .get("id")
                .asString();
        call(HttpMethod.DELETE, hook.path() + "/messages/" + outside, null, null);
        assertThat(GUILD_SERVICE.requestsTo("/internal/threads/" + place.channel() + "/messages/deleted"))
                .isEmpty();
    }

    @Test
    void aLockedThreadTakesNoWebhookMessage() {
        Place place = newPlace();
        Hook hook = webhook(place, "Builds");
        Snowflake thread = newThread(place);
        GUILD_SERVICE.lockThread(thread.value());

        Response refused = execute(hook.path() + "?thread_id=" + thread, "{\"content\": \"x\"}");

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("code").asInt()).isEqualTo(50013);
        assertThat(messagesIn(thread)).isZero();
    }

    @Test
    void aForumExecutionStartsAPostWhoseFirstMessageHasItsId() {
        Place forum = newPlace();
        GUILD_SERVICE.channelType(forum.channel().value(), 15);
        Hook hook = webhook(forum, "Posts");

        JsonNode message = execute(
                        hook.path() + "?wait=true",
                        "{\"content\": \"it broke\", \"thread_name\": \" Crash \", \"applied_tags\": [\"77\"]}")
                .body();
        JsonNode withFile = multipart(
                HttpMethod.POST, hook.path() + "?wait=true", "{\"thread_name\": \"logs\"}", "log.txt", "trace");

        String id = message.get("id").asString();
        assertThat(message.get("channel_id").asString())
                .as("the post's thread has its id")
                .isEqualTo(id);
        assertThat(messagesIn(Snowflake.parse(id))).isEqualTo(1);
        GuildServiceFake.Request started = GUILD_SERVICE
                .requestsTo("/internal/channels/" + forum.channel() + "/threads")
                .get(0);
        assertThat(started.body())
                .isEqualTo(json("{\"webhook_id\": \"" + hook.id() + "\", \"id\": \"" + id
                        + "\", \"name\": \" Crash \", \"applied_tags\": [\"77\"]}"));
        assertThat(withFile.get("channel_id").asString())
                .isEqualTo(withFile.get("id").asString());
        assertThat(withFile.at("/attachments/0/url").asString())
                .contains("/" + withFile.get("id").asString() + "/");
    }

    @Test
    void aPostNeedsANameAndOnlyAForumTakesOne() {
        Place forum = newPlace();
        GUILD_SERVICE.channelType(forum.channel().value(), 15);
        Hook posts = webhook(forum, "Posts");
        Place place = newPlace();
        Hook plain = webhook(place, "Plain");

        Response nameless = execute(posts.path(), "{\"content\": \"x\"}");
        Response emptyName = execute(posts.path(), "{\"content\": \"x\", \"thread_name\": \"  \"}");
        Response notAForum = execute(plain.path(), "{\"content\": \"x\", \"thread_name\": \"t\"}");
        Response empty = execute(posts.path(), "{\"thread_name\": \"t\"}");
        GUILD_SERVICE.refuseNextThread(400, 40067, "A tag is required to create a forum post in this channel");
        Response refused = execute(posts.path(), "{\"content\": \"x\", \"thread_name\": \"t\"}");

        assertThat(nameless.body().get("code").asInt()).isEqualTo(220001);
        assertThat(emptyName.body().at("/errors/thread_name/_errors/0/code").isString())
                .isTrue();
        assertThat(notAForum.body().at("/errors/thread_name/_errors/0/code").asString())
                .isEqualTo("THREAD_NAME_INVALID");
        assertThat(empty.body().get("code").asInt()).isEqualTo(50006);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("code").asInt()).isEqualTo(40067);
        assertThat(messagesIn(place.channel())).isZero();
        assertThat(GUILD_SERVICE.requestsTo("/internal/channels/" + forum.channel() + "/threads"))
                .as("only the refused post was asked for; the bad ones never reached guild-service")
                .hasSize(1);
    }

    /** A public thread of the place's channel, known to guild-service's fake. */
    private Snowflake newThread(Place place) {
        Snowflake thread = newId();
        GUILD_SERVICE.thread(
                place.guild().value(), thread.value(), place.channel().value(), 11);
        return thread;
    }
}
