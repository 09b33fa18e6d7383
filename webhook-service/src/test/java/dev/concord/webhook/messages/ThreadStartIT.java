package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Members starting threads through this service's routes: guild-service (here its fake) is asked to start
 * each, with who starts it; a thread from a message takes its id and marks it, a forum post's first message
 * goes into the new thread with its id.
 */
class ThreadStartIT extends WebhookExecuteSupport {

    Response start(Snowflake user, Snowflake channel, String body) {
        return call(HttpMethod.POST, "/channels/" + channel + "/threads", user == null ? null : userToken(user), body);
    }

    @Test
    void aMemberStartsAThreadWithoutAMessage() {
        Place place = newPlace();
        Snowflake member = place.member(this, "member", Permission.ALL);

        Response started = start(member, place.channel(), "{\"name\": \"plans\", \"type\": 11, \"invitable\": false}");

        assertThat(started.status()).as("%s", started.body()).isEqualTo(201);
        assertThat(started.body().get("parent_id").asString())
                .isEqualTo(place.channel().asString());
        assertThat(GUILD_SERVICE
                        .requestsTo("/internal/channels/" + place.channel() + "/threads")
                        .get(0)
                        .body())
                .isEqualTo(json("{\"user_id\": \"" + member + "\", \"name\": \"plans\", \"type\": 11,"
                        + " \"invitable\": false}"));
        JsonNode announced = get(member, "/channels/" + place.channel() + "/messages?limit=1")
                .body()
                .get(0);
        assertThat(announced.get("type").asInt()).as("THREAD_CREATED").isEqualTo(18);
        assertThat(announced.get("content").asString()).isEqualTo("plans");
        assertThat(announced.at("/author/id").asString()).isEqualTo(member.asString());
        assertThat(announced.at("/message_reference/channel_id").asString())
                .isEqualTo(started.body().get("id").asString());
        awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(announced.get("id").asString()));
        Response privately = start(member, place.channel(), "{\"name\": \"quiet\", \"type\": 12}");
        assertThat(privately.status()).isEqualTo(201);
        assertThat(get(member, "/channels/" + place.channel() + "/messages?limit=1")
                        .body()
                        .get(0)
                        .get("id"))
                .as("a private thread is not announced")
                .isEqualTo(announced.get("id"));
        assertThat(start(null, place.channel(), "{\"name\": \"x\"}").status()).isEqualTo(401);
        assertThat(start(member, place.channel(), "{\"name\": \"\"}")
                        .body()
                        .at("/errors/name/_errors/0/code")
                        .isString())
                .isTrue();
        assertThat(start(member, place.channel(), "{\"name\": \"x\", \"auto_archive_duration\": 5}")
                        .body()
                        .at("/errors/auto_archive_duration/_errors/0/code")
                        .isString())
                .isTrue();
        assertThat(start(newUser("stranger"), place.channel(), "{\"name\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(GUILD_SERVICE.requestsTo("/internal/channels/" + place.channel() + "/threads"))
                .as("refused bodies never reach guild-service")
                .hasSize(2);
    }

    @Test
    void aThreadFromAMessageTakesItsIdAndMarksIt() {
        Place place = newPlace();
        JsonNode message = as(
                        place.owner(),
                        HttpMethod.POST,
                        "/channels/" + place.channel() + "/messages",
                        "{\"content\": \"let's discuss\"}")
                .body();
        String id = message.get("id").asString();
        String path = "/channels/" + place.channel() + "/messages/" + id + "/threads";

        Response started = as(place.owner(), HttpMethod.POST, path, "{\"name\": \"discussion\"}");
        Response unknown = as(
                place.owner(),
                HttpMethod.POST,
                "/channels/" + place.channel() + "/messages/1/threads",
                "{\"name\": \"x\"}");

        assertThat(started.status()).as("%s", started.body()).isEqualTo(201);
        assertThat(started.body().get("id").asString()).isEqualTo(id);
        assertThat(GUILD_SERVICE
                        .requestsTo("/internal/channels/" + place.channel() + "/threads")
                        .get(0)
                        .body())
                .isEqualTo(json("{\"user_id\": \"" + place.owner() + "\", \"name\": \"discussion\", \"message_id\": \""
                        + id + "\"}"));
        assertThat(stored("SELECT flags FROM messages WHERE id = :id", Snowflake.parse(id)))
                .isEqualTo(32);
        JsonNode updated = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_UPDATE")
                && e.at("/data/id").asString().equals(id));
        assertThat(updated.at("/data/flags").asInt()).isEqualTo(32);
        assertThat(unknown.body().get("code").asInt()).isEqualTo(10008);
        assertThat(call(HttpMethod.POST, path, null, "{\"name\": \"x\"}").status())
                .isEqualTo(401);
        assertThat(as(newUser("stranger"), HttpMethod.POST, path, "{\"name\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        Response nameless = as(place.owner(), HttpMethod.POST, path, "{\"name\": \"\"}");
        assertThat(nameless.status()).isEqualTo(400);
        assertThat(nameless.body().at("/errors/name/_errors/0/code").isString()).isTrue();
        assertThat(GUILD_SERVICE.requestsTo("/internal/channels/" + place.channel() + "/threads"))
                .as("only the one thread was asked for")
                .hasSize(1);
    }

    @Test
    void aForumPostStartsItsThreadWithItsFirstMessage() {
        Place forum = newPlace();
        GUILD_SERVICE.channelType(forum.channel().value(), 15);

        Response posted = start(
                forum.owner(),
                forum.channel(),
                "{\"name\": \"help\", \"applied_tags\": [\"5\"], \"message\": {\"content\": \"how do I?\"}}");
        JsonNode withFile = multipartStart(forum);
        Response noMessage = start(forum.owner(), forum.channel(), "{\"name\": \"x\"}");
        Response emptyMessage = start(forum.owner(), forum.channel(), "{\"name\": \"x\", \"message\": {}}");
        Response badMessage = start(
                forum.owner(),
                forum.channel(),
                "{\"name\": \"x\", \"message\": {\"content\": \"" + "c".repeat(2001) + "\"}}");
        GUILD_SERVICE.refuseNextThread(400, 40067, "A tag is required to create a forum post in this channel");
        Response refused =
                start(forum.owner(), forum.channel(), "{\"name\": \"x\", \"message\": {\"content\": \"y\"}}");

        assertThat(posted.status()).as("%s", posted.body()).isEqualTo(201);
        String id = posted.body().get("id").asString();
        assertThat(posted.body().at("/message/id").asString()).isEqualTo(id);
        assertThat(posted.body().at("/message/channel_id").asString()).isEqualTo(id);
        assertThat(posted.body().at("/message/content").asString()).isEqualTo("how do I?");
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", Snowflake.parse(id)))
                .isEqualTo(1);
        assertThat(withFile.at("/message/attachments/0/filename").asString()).isEqualTo("notes.txt");
        assertThat(noMessage.body().at("/errors/message/_errors/0/code").isString())
                .isTrue();
        assertThat(emptyMessage.body().get("code").asInt()).isEqualTo(50006);
        assertThat(badMessage
                        .body()
                        .at("/errors/message/content/_errors/0/code")
                        .isString())
                .isTrue();
        assertThat(refused.body().get("code").asInt()).isEqualTo(40067);
        assertThat(GUILD_SERVICE.requestsTo("/internal/channels/" + forum.channel() + "/threads"))
                .as("the good post, the one with a file and the refused one")
                .hasSize(3);
    }

    private JsonNode multipartStart(Place forum) {
        return multipartAs(
                userToken(forum.owner()),
                HttpMethod.POST,
                "/channels/" + forum.channel() + "/threads",
                "{\"name\": \"files\", \"message\": {\"content\": \"see attached\"}}",
                "notes.txt",
                "hello",
                201);
    }
}
