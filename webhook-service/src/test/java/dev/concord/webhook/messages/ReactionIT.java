package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Reactions through HTTP: added, shown on the message, listed, taken off; their events and refusals. */
class ReactionIT extends MessageApiSupport {

    static final String THUMBS = "👍";
    static final long REACTOR = MEMBER | Permission.ADD_REACTIONS.bit();

    String reactions(Snowflake channel, String message) {
        return "/channels/" + channel + "/messages/" + message + "/reactions";
    }

    String sent(Snowflake author, Snowflake channel) {
        Response sent = send(author, channel, "{\"content\": \"react to me\"}");
        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        return sent.body().get("id").asString();
    }

    long storedReactions(String message) {
        return stored("SELECT count(*) FROM message_reactions WHERE message_id = :id", Snowflake.parse(message));
    }

    JsonNode awaitReaction(String type, String message) {
        return awaitEvent(event -> event.path("type").asString().equals(type)
                && event.at("/data/message_id").asString().equals(message));
    }

    @Test
    void aReactionIsAddedShownListedAndTakenOff() {
        Place place = newPlace();
        Snowflake reactor = place.member(this, "reactor", REACTOR);
        String message = sent(place.owner(), place.channel());
        String path = reactions(place.channel(), message);

        Response added = as(reactor, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null);
        Response again = as(reactor, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null);

        assertThat(added.status()).as("%s", added.body()).isEqualTo(204);
        assertThat(again.status()).isEqualTo(204);
        assertThat(storedReactions(message)).isEqualTo(1);
        JsonNode event = awaitReaction("MESSAGE_REACTION_ADD", message);
        assertThat(event.at("/data/user_id").asString()).isEqualTo(reactor.asString());
        assertThat(event.at("/data/channel_id").asString())
                .isEqualTo(place.channel().asString());
        assertThat(event.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(event.at("/data/message_author_id").asString())
                .isEqualTo(place.owner().asString());
        assertThat(event.at("/data/member/user/id").asString()).isEqualTo(reactor.asString());
        assertThat(event.at("/data/emoji")).isEqualTo(json("{\"id\": null, \"name\": \"👍\"}"));
        assertThat(event.at("/data/burst").asBoolean()).isFalse();
        assertThat(event.at("/data/type").asInt()).isZero();
        assertThat(event.at("/audience/channel_id").asString())
                .isEqualTo(place.channel().asString());

        JsonNode seenByReactor = get(reactor, "/channels/" + place.channel() + "/messages/" + message)
                .body();
        assertThat(seenByReactor.get("reactions")).isEqualTo(json("""
                        [{"count": 1, "count_details": {"burst": 0, "normal": 1}, "me": true, "me_burst": false,
                          "burst_colors": [], "emoji": {"id": null, "name": "👍"}}]"""));
        JsonNode history =
                get(place.owner(), "/channels/" + place.channel() + "/messages").body();
        assertThat(history.get(0).at("/reactions/0/me").asBoolean()).isFalse();
        assertThat(history.get(0).at("/reactions/0/count").asInt()).isEqualTo(1);

        Response users = get(place.owner(), path + "/" + THUMBS + "?limit=10");
        assertThat(users.status()).as("%s", users.body()).isEqualTo(200);
        assertThat(users.body()).hasSize(1);
        assertThat(users.body().at("/0/id").asString()).isEqualTo(reactor.asString());
        assertThat(users.body().at("/0/username").asString()).startsWith("reactor");
        assertThat(get(place.owner(), path + "/" + THUMBS + "?after=" + reactor).body())
                .isEmpty();
        assertThat(get(place.owner(), path + "/" + THUMBS + "?type=1").body()).isEmpty();

        Response removed = as(reactor, HttpMethod.DELETE, path + "/" + THUMBS + "/@me", null);

        assertThat(removed.status()).as("%s", removed.body()).isEqualTo(204);
        assertThat(storedReactions(message)).isZero();
        JsonNode gone = awaitReaction("MESSAGE_REACTION_REMOVE", message);
        assertThat(gone.at("/data/user_id").asString()).isEqualTo(reactor.asString());
        assertThat(gone.at("/data/emoji/name").asString()).isEqualTo(THUMBS);
        assertThat(gone.at("/data/guild_id").asString()).isEqualTo(place.guild().asString());
        assertThat(get(reactor, "/channels/" + place.channel() + "/messages/" + message)
                        .body()
                        .has("reactions"))
                .isFalse();
    }

    @Test
    void permissionsDecideWhoReactsAndWhoTakesOthersOff() {
        Place place = newPlace();
        Snowflake reactor = place.member(this, "reactor", REACTOR);
        Snowflake plain = place.member(this, "plain", MEMBER);
        Snowflake blind = place.member(this, "blind", Permission.VIEW_CHANNEL.bit());
        String message = sent(place.owner(), place.channel());
        String path = reactions(place.channel(), message);

        Response first = as(plain, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null);
        Response noHistory = as(blind, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null);
        Response noToken = call(HttpMethod.PUT, path + "/" + THUMBS + "/@me", null, null);
        assertThat(first.status()).isEqualTo(403);
        assertThat(first.body().get("code").asInt()).isEqualTo(50013);
        assertThat(noHistory.body().get("code").asInt()).isEqualTo(50013);
        assertThat(noToken.status()).isEqualTo(401);
        assertThat(storedReactions(message)).isZero();

        assertThat(as(reactor, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null)
                        .status())
                .isEqualTo(204);
        assertThat(as(plain, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null).status())
                .as("anyone may join a reaction already there")
                .isEqualTo(204);
        assertThat(storedReactions(message)).isEqualTo(2);

        Response notTheirs = as(plain, HttpMethod.DELETE, path + "/" + THUMBS + "/" + reactor, null);
        Response notAll = as(plain, HttpMethod.DELETE, path, null);
        Response notEmoji = as(plain, HttpMethod.DELETE, path + "/" + THUMBS, null);
        assertThat(notTheirs.body().get("code").asInt()).isEqualTo(50013);
        assertThat(notAll.body().get("code").asInt()).isEqualTo(50013);
        assertThat(notEmoji.body().get("code").asInt()).isEqualTo(50013);
        assertThat(storedReactions(message)).isEqualTo(2);

        Response byModerator = as(place.owner(), HttpMethod.DELETE, path + "/" + THUMBS + "/" + reactor, null);
        assertThat(byModerator.status()).as("%s", byModerator.body()).isEqualTo(204);
        assertThat(awaitReaction("MESSAGE_REACTION_REMOVE", message)
                        .at("/data/user_id")
                        .asString())
                .isEqualTo(reactor.asString());
        assertThat(storedReactions(message)).isEqualTo(1);

        as(reactor, HttpMethod.PUT, path + "/✅/@me", null);
        Response oneEmoji = as(place.owner(), HttpMethod.DELETE, path + "/" + THUMBS, null);
        assertThat(oneEmoji.status()).isEqualTo(204);
        JsonNode emojiGone = awaitReaction("MESSAGE_REACTION_REMOVE_EMOJI", message);
        assertThat(emojiGone.at("/data/emoji/name").asString()).isEqualTo(THUMBS);
        assertThat(emojiGone.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(storedReactions(message)).isEqualTo(1);

        Response all = as(place.owner(), HttpMethod.DELETE, path, null);
        assertThat(all.status()).isEqualTo(204);
        assertThat(awaitReaction("MESSAGE_REACTION_REMOVE_ALL", message)
                        .at("/data/channel_id")
                        .asString())
                .isEqualTo(place.channel().asString());
        assertThat(storedReactions(message)).isZero();
    }

    @Test
    void customEmojiMustExistAndBeTheGuildsOwnWithoutExternalEmojis() {
        Place place = newPlace();
        Snowflake reactor = place.member(this, "reactor", REACTOR);
        Snowflake outsider = place.member(this, "outsider", REACTOR | Permission.USE_EXTERNAL_EMOJIS.bit());
        Snowflake own = newId();
        Snowflake foreign = newId();
        GUILD_SERVICE.emoji(own.value(), "party", true, place.guild().value());
        GUILD_SERVICE.emoji(foreign.value(), "elsewhere", false, newId().value());
        String message = sent(place.owner(), place.channel());
        String path = reactions(place.channel(), message);

        Response ownAdded = as(reactor, HttpMethod.PUT, path + "/party:" + own + "/@me", null);
        Response external = as(reactor, HttpMethod.PUT, path + "/elsewhere:" + foreign + "/@me", null);
        Response unknown = as(reactor, HttpMethod.PUT, path + "/ghost:" + newId() + "/@me", null);
        Response malformed = as(reactor, HttpMethod.PUT, path + "/thumbsup/@me", null);
        Response notAnId = as(reactor, HttpMethod.PUT, path + "/name:notanid/@me", null);

        assertThat(ownAdded.status()).as("%s", ownAdded.body()).isEqualTo(204);
        assertThat(awaitReaction("MESSAGE_REACTION_ADD", message).at("/data/emoji"))
                .isEqualTo(json("{\"id\": \"" + own + "\", \"name\": \"party\", \"animated\": true}"));
        assertThat(external.body().get("code").asInt()).isEqualTo(50013);
        assertThat(unknown.body().get("code").asInt()).isEqualTo(10014);
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.body().at("/errors/emoji/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_INVALID");
        assertThat(notAnId.body().at("/errors/emoji/_errors/0/code").asString()).isEqualTo("BASE_TYPE_INVALID");
        assertThat(storedReactions(message)).isEqualTo(1);
        assertThat(as(outsider, HttpMethod.PUT, path + "/elsewhere:" + foreign + "/@me", null)
                        .status())
                .isEqualTo(204);
        JsonNode shown = get(reactor, "/channels/" + place.channel() + "/messages/" + message)
                .body()
                .get("reactions");
        assertThat(shown.at("/0/emoji"))
                .isEqualTo(json("{\"id\": \"" + own + "\", \"name\": \"party\", \"animated\": true}"));
        assertThat(shown.at("/0/me").asBoolean()).isTrue();
        assertThat(shown.at("/1/emoji/name").asString()).isEqualTo("elsewhere");
        assertThat(shown.at("/1/me").asBoolean()).isFalse();
    }

    @Test
    void anEmojiTheUserMayNotUseIsRefusedAndNothingIsStored() {
        Place place = newPlace();
        Snowflake reactor = place.member(this, "locked-out", REACTOR);
        Snowflake locked = newId();
        GUILD_SERVICE.emoji(locked.value(), "vip", false, place.guild().value());
        GUILD_SERVICE.emojiNotUsableBy(locked.value(), reactor.value());
        String message = sent(place.owner(), place.channel());
        String path = reactions(place.channel(), message) + "/vip:" + locked + "/@me";

        Response refused = as(reactor, HttpMethod.PUT, path, null);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo(json("{\"message\": \"Unknown Emoji\", \"code\": 10014}"));
        assertThat(storedReactions(message)).isZero();
        assertThat(as(place.owner(), HttpMethod.PUT, path, null).status())
                .as("one it is not locked from reacts with it")
                .isEqualTo(204);
        assertThat(storedReactions(message)).isEqualTo(1);
    }

    @Test
    void aMessageHoldsTwentyEmojiAndUnknownThingsAreNamed() {
        Place place = newPlace();
        String message = sent(place.owner(), place.channel());
        String path = reactions(place.channel(), message);
        String[] emoji = {
            "😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆", "😉", "😊", "😋", "😎", "😍", "😘", "🥰", "😗", "😙", "😚",
            "🙂", "🤗"
        };
        for (String each : emoji) {
            assertThat(as(place.owner(), HttpMethod.PUT, path + "/" + each + "/@me", null)
                            .status())
                    .isEqualTo(204);
        }

        Response tooMany = as(place.owner(), HttpMethod.PUT, path + "/🤩/@me", null);
        Response unknownMessage =
                as(place.owner(), HttpMethod.PUT, reactions(place.channel(), newId().asString()) + "/😀/@me", null);
        Response unknownChannel = as(place.owner(), HttpMethod.PUT, reactions(newId(), message) + "/😀/@me", null);
        Response badLimit = get(place.owner(), path + "/😀?limit=101");
        Response badAfter = get(place.owner(), path + "/😀?after=soon");
        Response badUser = as(place.owner(), HttpMethod.DELETE, path + "/😀/someone", null);
        Response unknownUser = as(place.owner(), HttpMethod.DELETE, path + "/😀/" + newId(), null);

        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.body())
                .isEqualTo(json("{\"message\": \"Maximum number of reactions reached (20)\", \"code\": 30010}"));
        assertThat(storedReactions(message)).isEqualTo(20);
        assertThat(get(place.owner(), "/channels/" + place.channel() + "/messages/" + message)
                        .body()
                        .at("/reactions/19/emoji/name")
                        .asString())
                .as("in the order first added")
                .isEqualTo("🤗");
        assertThat(unknownMessage.status()).isEqualTo(404);
        assertThat(unknownMessage.body().get("code").asInt()).isEqualTo(10008);
        assertThat(unknownChannel.body().get("code").asInt()).isEqualTo(10003);
        assertThat(badLimit.body().has("errors")).as("%s", badLimit.body()).isTrue();
        assertThat(badLimit.body().at("/errors/limit/_errors/0/code").asString())
                .isNotEmpty();
        assertThat(badAfter.body().at("/errors/after/_errors/0/code").asString())
                .isNotEmpty();
        assertThat(badUser.status()).isEqualTo(400);
        assertThat(badUser.body().at("/errors/user_id/_errors/0/code").asString())
                .isNotEmpty();
        assertThat(unknownUser.body().get("code").asInt()).isEqualTo(10013);
        assertThat(storedReactions(message)).isEqualTo(20);
    }

    @Test
    void inADirectMessageTheRecipientsReactButNobodyTakesOffAnothers() {
        Snowflake one = newUser("one");
        Snowflake other = newUser("other");
        Snowflake channel = directMessage(one, other);
        Snowflake stranger = newUser("stranger");
        SOCIAL_SERVICE.policy(other.value(), one.value(), false, true, List.of());
        String message = sent(one, channel);
        String path = reactions(channel, message);

        assertThat(as(other, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null).status())
                .isEqualTo(204);
        JsonNode event = awaitReaction("MESSAGE_REACTION_ADD", message);
        assertThat(event.at("/data").has("guild_id")).isFalse();
        assertThat(event.at("/data").has("member")).isFalse();
        assertThat(isEventFor(event, "MESSAGE_REACTION_ADD", one)).isTrue();

        Response notTheirs = as(one, HttpMethod.DELETE, path + "/" + THUMBS + "/" + other, null);
        Response outsider = as(stranger, HttpMethod.PUT, path + "/" + THUMBS + "/@me", null);
        assertThat(notTheirs.body().get("code").asInt()).isEqualTo(50013);
        assertThat(outsider.status()).isEqualTo(403);
        assertThat(storedReactions(message)).isEqualTo(1);
        assertThat(as(other, HttpMethod.DELETE, path + "/" + THUMBS + "/" + other, null)
                        .status())
                .as("one's own, named by id")
                .isEqualTo(204);
        assertThat(storedReactions(message)).isZero();
    }
}
