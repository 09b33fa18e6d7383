package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Messages in DMs: only between people the platform lets talk, delivered to the DM's recipients. */
class DirectMessageIT extends MessageApiSupport {

    @Test
    void membersOfAGuildTalkAndTheRecipientsHearIt() {
        Place place = newPlace();
        Snowflake one = place.member(this, "one", MEMBER);
        Snowflake other = place.member(this, "other", MEMBER);
        Snowflake dm = directMessage(one, other);

        Response sent = send(one, dm, "{\"content\": \"psst <@" + other + "> @everyone\"}");

        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        assertThat(sent.body().get("mention_everyone").asBoolean()).isFalse();
        assertThat(sent.body().at("/mentions/0/id").asString()).isEqualTo(other.asString());
        String id = sent.body().get("id").asString();
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(id));
        assertThat(event.at("/data").has("guild_id")).isFalse();
        assertThat(event.at("/data").has("member")).as("no guild, no member").isFalse();
        assertThat(event.at("/audience/user_ids").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder(one.asString(), other.asString());
        assertThat(event.at("/audience").has("guild_id")).isFalse();
        assertThat(get(other, "/channels/" + dm + "/messages").body()).hasSize(1);
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id AND guild_id IS NULL", dm))
                .isEqualTo(1);
        assertThat(GUILD_SERVICE.requestsTo("/internal/channels/" + dm + "/reopen"))
                .as("the DM comes back to a recipient who had closed it")
                .hasSize(1);
        assertThat(send(one, dm, "{\"content\": \"\"}").status()).isEqualTo(400);
        assertThat(GUILD_SERVICE.requestsTo("/internal/channels/" + dm + "/reopen"))
                .as("not for a refused message")
                .hasSize(1);
    }

    @Test
    void strangersFriendsBlocksAndClosedGuilds() {
        Place place = newPlace();
        Snowflake one = place.member(this, "one", MEMBER);
        Snowflake other = place.member(this, "other", MEMBER);
        Snowflake stranger = newUser("stranger");
        Snowflake friend = newUser("friend");
        Snowflake bot = newUser("bot");
        Snowflake withStranger = directMessage(one, stranger);
        Snowflake withFriend = directMessage(one, friend);
        Snowflake closed = directMessage(other, one);
        Snowflake fromBot = directMessage(bot, friend);
        SOCIAL_SERVICE.policy(friend.value(), one.value(), false, true, List.of());
        SOCIAL_SERVICE.policy(friend.value(), bot.value(), false, true, List.of());
        SOCIAL_SERVICE.policy(
                one.value(), other.value(), false, false, List.of(place.guild().value()));

        assertThat(code(send(one, withStranger, "{\"content\": \"hi\"}")))
                .as("no guild in common")
                .isEqualTo(50007);
        assertThat(send(one, withFriend, "{\"content\": \"hi\"}").status())
                .as("friends")
                .isEqualTo(200);
        assertThat(code(send(other, closed, "{\"content\": \"hi\"}")))
                .as("the only shared guild is one the recipient closed")
                .isEqualTo(50007);
        place.fake().dmsPaused(true);
        Snowflake paused = directMessage(one, place.member(this, "third", MEMBER));
        assertThat(code(send(one, paused, "{\"content\": \"hi\"}")))
                .as("the only shared guild paused its DMs")
                .isEqualTo(50007);
        place.fake().dmsPaused(false);
        assertThat(send(one, paused, "{\"content\": \"hi\"}").status())
                .as("resumed")
                .isEqualTo(200);
        assertThat(code(call(
                        HttpMethod.POST,
                        "/channels/" + fromBot + "/messages",
                        botToken(bot),
                        "{\"content\": \"beep\"}")))
                .as("a bot needs a guild in common")
                .isEqualTo(50007);

        SOCIAL_SERVICE.policy(friend.value(), one.value(), true, true, List.of());
        assertThat(code(send(one, withFriend, "{\"content\": \"hi again\"}")))
                .as("blocked")
                .isEqualTo(50007);
        assertThat(code(send(stranger, directMessage(one, other), "{\"content\": \"x\"}")))
                .as("not a recipient")
                .isEqualTo(50001);
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", withFriend))
                .isEqualTo(1);
    }

    @Test
    void everyRecipientOfAGroupDmWritesToItBlocksAndStrangersNotwithstanding() {
        Snowflake owner = newUser("owner");
        Snowflake friend = newUser("friend");
        Snowflake friendOfFriend = newUser("fof");
        Snowflake outsider = newUser("outsider");
        Snowflake group = groupDirectMessage(owner, friend, friendOfFriend);
        // No guild in common anywhere; one of them blocked another: in a DM of two, neither could write.
        SOCIAL_SERVICE.policy(owner.value(), friendOfFriend.value(), true, false, List.of());

        Response sent = send(friendOfFriend, group, "{\"content\": \"hello all\"}");

        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        String id = sent.body().get("id").asString();
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(id));
        assertThat(event.at("/audience/user_ids").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder(owner.asString(), friend.asString(), friendOfFriend.asString());
        assertThat(get(owner, "/channels/" + group + "/messages").body()).hasSize(1);
        assertThat(code(send(outsider, group, "{\"content\": \"let me in\"}")))
                .as("not a recipient")
                .isEqualTo(50001);
        GUILD_SERVICE.groupDirectMessage(group.value(), owner.value(), friend.value(), outsider.value());
        assertThat(send(outsider, group, "{\"content\": \"added, and at once\"}")
                        .status())
                .as("a group's recipients are not kept: one added writes at once")
                .isEqualTo(200);
        assertThat(code(send(friendOfFriend, group, "{\"content\": \"still here?\"}")))
                .as("and one removed no more")
                .isEqualTo(50001);
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", group))
                .isEqualTo(2);
        assertThat(GUILD_SERVICE.requestsTo("/internal/channels/" + group + "/reopen"))
                .as("a group DM is left, never closed")
                .isEmpty();
    }

    @Test
    void nobodyModeratesADm() {
        Place place = newPlace();
        Snowflake one = place.member(this, "one", MEMBER);
        Snowflake other = place.member(this, "other", MEMBER);
        Snowflake dm = directMessage(one, other);
        String a = send(one, dm, "{\"content\": \"a\"}").body().get("id").asString();
        String b = send(one, dm, "{\"content\": \"b\"}").body().get("id").asString();

        Response othersDelete = call(HttpMethod.DELETE, "/channels/" + dm + "/messages/" + a, userToken(other), null);
        Response bulk = call(
                HttpMethod.POST,
                "/channels/" + dm + "/messages/bulk-delete",
                userToken(one),
                "{\"messages\": [\"" + a + "\", \"" + b + "\"]}");
        Response ownDelete = call(HttpMethod.DELETE, "/channels/" + dm + "/messages/" + a, userToken(one), null);

        assertThat(code(othersDelete)).isEqualTo(50013);
        assertThat(code(bulk)).isEqualTo(50013);
        assertThat(ownDelete.status()).isEqualTo(204);
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_DELETE")
                && e.at("/data/id").asString().equals(a));
        assertThat(event.at("/data").has("guild_id")).isFalse();
    }

    private static int code(Response response) {
        return response.body().path("code").asInt();
    }
}
