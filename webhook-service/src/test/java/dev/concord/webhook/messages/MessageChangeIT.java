package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Editing one's own message, deleting it (or anyone's with MANAGE_MESSAGES), and bulk deletes. */
class MessageChangeIT extends MessageApiSupport {

    Response edit(Snowflake user, Place place, String id, String body) {
        return call(HttpMethod.PATCH, "/channels/" + place.channel() + "/messages/" + id, userToken(user), body);
    }

    Response delete(Snowflake user, Place place, String id) {
        return call(HttpMethod.DELETE, "/channels/" + place.channel() + "/messages/" + id, userToken(user), null);
    }

    @Test
    void theAuthorEditsAndTheChannelHearsTheNewMessage() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        Snowflake friend = place.member(this, "friend", MEMBER);
        String id = send(author, place.channel(), "{\"content\": \"first\"}")
                .body()
                .get("id")
                .asString();

        Response edited = edit(author, place, id, "{\"content\": \"second <@" + friend + ">\", \"flags\": 4}");

        assertThat(edited.status()).as("%s", edited.body()).isEqualTo(200);
        assertThat(edited.body().get("content").asString()).startsWith("second");
        assertThat(edited.body().get("edited_timestamp").isNull()).isFalse();
        assertThat(edited.body().get("flags").asInt()).isEqualTo(4);
        assertThat(edited.body().at("/mentions/0/id").asString()).isEqualTo(friend.asString());
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_UPDATE")
                && e.at("/data/id").asString().equals(id));
        assertThat(event.at("/data/content").asString()).startsWith("second");
        assertThat(event.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(event.at("/data/member/joined_at").isString()).isTrue();
        assertThat(stored(
                        "SELECT count(*) FROM messages WHERE id = :id AND edited_at IS NOT NULL", Snowflake.parse(id)))
                .isEqualTo(1);
    }

    @Test
    void onlyTheAuthorEditsAndAnEditMayNotEmptyTheMessage() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        String id = send(author, place.channel(), "{\"content\": \"mine\"}")
                .body()
                .get("id")
                .asString();

        assertThat(edit(place.owner(), place, id, "{\"content\": \"owner's\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50005);
        assertThat(edit(author, place, id, "{\"content\": \"\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50006);
        assertThat(edit(author, place, id, "{\"flags\": 1}")
                        .body()
                        .at("/errors/flags/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_BAD_FLAGS");
        assertThat(get(author, "/channels/" + place.channel() + "/messages/" + id)
                        .body()
                        .get("content")
                        .asString())
                .isEqualTo("mine");
    }

    @Test
    void theAuthorOrAModeratorDeletes() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        Snowflake other = place.member(this, "other", MEMBER);
        Snowflake moderator = place.member(this, "moderator", MEMBER | Permission.MANAGE_MESSAGES.bit());
        String mine = send(author, place.channel(), "{\"content\": \"a\"}")
                .body()
                .get("id")
                .asString();
        String theirs = send(author, place.channel(), "{\"content\": \"b\"}")
                .body()
                .get("id")
                .asString();

        assertThat(delete(other, place, mine).body().get("code").asInt()).isEqualTo(50013);
        assertThat(delete(author, place, mine).status()).isEqualTo(204);
        assertThat(delete(moderator, place, theirs).status()).isEqualTo(204);
        assertThat(delete(author, place, mine).body().get("code").asInt()).isEqualTo(10008);

        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_DELETE")
                && e.at("/data/id").asString().equals(mine));
        assertThat(event.at("/data/channel_id").asString())
                .isEqualTo(place.channel().asString());
        assertThat(event.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isZero();
    }

    @Test
    void bulkDeleteTakesTwoToAHundredRecentMessagesWithManageMessages() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        String a = send(author, place.channel(), "{\"content\": \"a\"}")
                .body()
                .get("id")
                .asString();
        String b = send(author, place.channel(), "{\"content\": \"b\"}")
                .body()
                .get("id")
                .asString();
        String c = send(author, place.channel(), "{\"content\": \"c\"}")
                .body()
                .get("id")
                .asString();
        String path = "/channels/" + place.channel() + "/messages/bulk-delete";
        String old = Long.toString(
                Snowflake.firstAt(Instant.now().minus(Duration.ofDays(15))).value());

        Response byAuthor =
                call(HttpMethod.POST, path, userToken(author), "{\"messages\": [\"" + a + "\", \"" + b + "\"]}");
        Response tooOld = call(
                HttpMethod.POST, path, userToken(place.owner()), "{\"messages\": [\"" + a + "\", \"" + old + "\"]}");
        Response one = call(HttpMethod.POST, path, userToken(place.owner()), "{\"messages\": [\"" + a + "\"]}");
        Response done =
                call(HttpMethod.POST, path, userToken(place.owner()), "{\"messages\": [\"" + a + "\", \"" + b + "\"]}");

        assertThat(byAuthor.body().get("code").asInt()).isEqualTo(50013);
        assertThat(tooOld.body().get("code").asInt()).isEqualTo(50034);
        assertThat(one.body().at("/errors/messages/_errors/0/code").asString()).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(done.status()).isEqualTo(204);
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_DELETE_BULK")
                && e.at("/data/channel_id").asString().equals(place.channel().asString()));
        assertThat(event.at("/data/ids").valueStream().map(JsonNode::asString)).containsExactlyInAnyOrder(a, b);
        assertThat(get(author, "/channels/" + place.channel() + "/messages")
                        .body()
                        .valueStream()
                        .map(m -> m.get("id").asString()))
                .containsExactly(c);
    }
}
