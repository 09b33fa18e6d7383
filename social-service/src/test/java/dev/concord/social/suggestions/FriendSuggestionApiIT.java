package dev.concord.social.suggestions;

import static dev.concord.platform.events.EventTypes.FRIEND_SUGGESTION_DELETE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.social.SocialApiSupport;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Friend suggestions from real data: friends of friends and contacts imported through the ingestion path. */
class FriendSuggestionApiIT extends SocialApiSupport {

    static final String PATH = "/friend-suggestions";

    @Test
    void aFriendOfAFriendIsSuggestedWithoutAReason() {
        Snowflake me = newKnownUser();
        Snowflake friend = newKnownUser();
        Snowflake theirFriend = newKnownUser();
        befriend(me, friend);
        befriend(friend, theirFriend);

        Response suggestions = as(me, HttpMethod.GET, PATH, null);

        assertThat(suggestions.status()).isEqualTo(200);
        assertThat(suggestions.body()).hasSize(1);
        JsonNode only = suggestions.body().get(0);
        assertThat(only.get("suggested_user").get("id").asString()).isEqualTo(theirFriend.asString());
        assertThat(only.get("suggested_user").get("username").asString()).isEqualTo("u" + theirFriend.asString());
        assertThat(only.get("reasons")).isEmpty();
        assertThat(only.get("from_suggested_user_contacts").asBoolean()).isFalse();
    }

    @Test
    void anImportedContactIsSuggestedWithThePlatformAndTheNameThere() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        assertThat(importContacts(
                                me,
                                "xbox",
                                "{\"account\": {\"id\": \"xb-" + me + "\", \"name\": \"MeOnXbox\"}, "
                                        + "\"friends\": [{\"id\": \"xb-" + them + "\", \"name\": \"ThemOnXbox\"}]}")
                        .status())
                .isEqualTo(204);
        assertThat(importContacts(them, "xbox", "{\"account\": {\"id\": \"xb-" + them + "\"}, \"friends\": []}")
                        .status())
                .isEqualTo(204);

        JsonNode suggestion = as(me, HttpMethod.GET, PATH, null).body().get(0);
        assertThat(suggestion.get("suggested_user").get("id").asString()).isEqualTo(them.asString());
        assertThat(suggestion.get("reasons"))
                .isEqualTo(json("[{\"type\": 1, \"platform\": \"xbox\", \"name\": \"ThemOnXbox\"}]"));
        assertThat(suggestion.get("from_suggested_user_contacts").asBoolean()).isFalse();

        assertThat(suggestion.has("friend_token")).isFalse();
        importContacts(
                them,
                "xbox",
                "{\"account\": {\"id\": \"xb-" + them + "\"}, \"friends\": [{\"id\": \"xb-" + me + "\"}]}");
        assertThat(as(me, HttpMethod.GET, PATH, null)
                        .body()
                        .get(0)
                        .get("from_suggested_user_contacts")
                        .asBoolean())
                .isTrue();
        assertThat(count("SELECT count(*) AS n FROM external_friends WHERE user_id = " + them.value()))
                .isEqualTo(1);
    }

    @Test
    void someoneWhoImportedYouHandsYouATokenPastTheirFriendRequestSettings() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        Snowflake other = newKnownUser();
        importContacts(
                me,
                "steam",
                "{\"account\": {\"id\": \"st-" + me + "\"}, \"friends\": [{\"id\": \"st-" + them + "\"}]}");
        importContacts(
                them,
                "steam",
                "{\"account\": {\"id\": \"st-" + them + "\"}, \"friends\": [{\"id\": \"st-" + me + "\"}]}");
        assertThat(as(
                                them,
                                HttpMethod.PATCH,
                                "/users/@me/settings",
                                "{\"friend_source_flags\": {\"mutual_guilds\": true}}")
                        .status())
                .isEqualTo(200);
        String token = as(me, HttpMethod.GET, PATH, null)
                .body()
                .get(0)
                .get("friend_token")
                .asString();
        String path = "/users/@me/relationships/" + them;

        assertThat(as(me, HttpMethod.PUT, path, "{}").body().get("code").asInt())
                .isEqualTo(80000);
        assertThat(as(other, HttpMethod.PUT, path, "{\"friend_token\": \"" + token + "\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(80000);
        assertThat(as(me, HttpMethod.PUT, path, "{\"friend_token\": \"" + token + "x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(80000);
        assertThat(count("SELECT count(*) AS n FROM relationships WHERE target_id = " + them.value()))
                .isZero();

        assertThat(as(
                                me,
                                HttpMethod.PUT,
                                path,
                                "{\"friend_token\": \"" + token + "\", \"from_friend_suggestion\": true}")
                        .status())
                .isEqualTo(204);
        assertThat(count("SELECT count(*) AS n FROM relationships WHERE user_id = " + them.value() + " AND target_id = "
                        + me.value() + " AND type = 3 AND NOT stranger_request"))
                .isEqualTo(1);
        assertThat(as(me, HttpMethod.GET, PATH, null).body()).isEmpty();
    }

    @Test
    void aDismissedSuggestionIsGoneForGoodAndTheUserIsToldOnce() {
        Snowflake me = newKnownUser();
        Snowflake friend = newKnownUser();
        Snowflake suggested = newKnownUser();
        befriend(me, friend);
        befriend(friend, suggested);

        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + suggested, null).status())
                .isEqualTo(204);
        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + suggested, null).status())
                .isEqualTo(204);

        JsonNode event = awaitEvent(FRIEND_SUGGESTION_DELETE, me, e -> true);
        assertThat(event.get("data")).isEqualTo(json("{\"suggested_user_id\": \"" + suggested + "\"}"));
        assertThat(as(me, HttpMethod.GET, PATH, null).body()).isEmpty();
        assertThat(count("SELECT count(*) AS n FROM dismissed_friend_suggestions WHERE user_id = " + me.value()))
                .isEqualTo(1);
        events.awaitNone(
                e -> isEventFor(e, FRIEND_SUGGESTION_DELETE, me) && !e.get("id").equals(event.get("id")),
                Duration.ofSeconds(2));
    }

    @Test
    void relationsBlocksAndBotsAreNeverSuggested() {
        Snowflake me = newKnownUser();
        Snowflake friend = newKnownUser();
        Snowflake blocker = newKnownUser();
        Snowflake requested = newKnownUser();
        Snowflake bot = newUser();
        knownUser(bot, "bot" + bot, "0", true);
        befriend(me, friend);
        for (Snowflake other : List.of(blocker, requested)) {
            befriend(friend, other);
        }
        db.sql("INSERT INTO relationships (user_id, target_id, type) VALUES (:f, :b, 1), (:b, :f, 1)")
                .bind("f", friend.value())
                .bind("b", bot.value())
                .then()
                .block();
        assertThat(as(blocker, HttpMethod.PUT, "/users/@me/relationships/" + me, "{\"type\": 2}")
                        .status())
                .isEqualTo(204);
        assertThat(as(me, HttpMethod.PUT, "/users/@me/relationships/" + requested, "{}")
                        .status())
                .isEqualTo(204);

        assertThat(as(me, HttpMethod.GET, PATH, null).body()).isEmpty();
    }

    @Test
    void callersAndBadInput() {
        Snowflake me = newKnownUser();
        assertThat(call(HttpMethod.GET, PATH, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, PATH + "/" + me, null, null).status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, PATH, botToken(me), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(call(HttpMethod.GET, PATH, oauthToken(me, "identify"), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + newUser(), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10013);
        assertThat(as(me, HttpMethod.DELETE, PATH + "/nope", null).status()).isEqualTo(400);

        String path = "/internal/users/" + me + "/platform-contacts/xbox";
        assertThat(call(HttpMethod.PUT, path, userToken(me), "{\"friends\": []}")
                        .status())
                .isEqualTo(401);
        Response badPlatform = importContacts(me, "myspace", "{\"friends\": []}");
        assertThat(badPlatform
                        .body()
                        .get("errors")
                        .get("platform")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        Response badFriends =
                importContacts(me, "xbox", "{\"friends\": [{\"id\": \"a\"}, {\"id\": \"a\"}, {\"name\": \"x\"}]}");
        assertThat(badFriends.status()).isEqualTo(400);
        assertThat(badFriends
                        .body()
                        .get("errors")
                        .get("friends")
                        .get("1")
                        .get("id")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("BASE_TYPE_DUPLICATE");
        assertThat(badFriends
                        .body()
                        .get("errors")
                        .get("friends")
                        .get("2")
                        .get("id")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(count("SELECT count(*) AS n FROM external_friends WHERE user_id = " + me.value()))
                .isZero();
    }

    private void befriend(Snowflake a, Snowflake b) {
        assertThat(as(a, HttpMethod.PUT, "/users/@me/relationships/" + b, "{}").status())
                .isEqualTo(204);
        assertThat(as(b, HttpMethod.PUT, "/users/@me/relationships/" + a, "{}").status())
                .isEqualTo(204);
    }

    private Response importContacts(Snowflake user, String platform, String body) {
        return call(
                HttpMethod.PUT,
                "/internal/users/" + user + "/platform-contacts/" + platform,
                "Internal " + TestTokenKeys.internalSecret(),
                body);
    }

    private long count(String sql) {
        return db.sql(sql).map(r -> r.get("n", Long.class)).one().block(Duration.ofSeconds(5));
    }
}
