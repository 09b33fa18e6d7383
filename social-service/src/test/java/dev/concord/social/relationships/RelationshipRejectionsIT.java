package dev.concord.social.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/** What relationships refuse, with the platform's errors, and that a refusal changes nothing. */
class RelationshipRejectionsIT extends RelationshipApiSupport {

    @Test
    void everyRouteNeedsAToken() {
        String target = PATH + "/" + newUser().asString();
        assertThat(call(HttpMethod.GET, PATH, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, PATH, null, "{\"username\": \"x\"}").status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, PATH, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.PUT, target, null, "{}").status()).isEqualTo(401);
        assertThat(call(HttpMethod.PATCH, target, null, "{}").status()).isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, target, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.PUT, target + "/ignore", null, null).status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, target + "/ignore", null, null).status())
                .isEqualTo(401);
    }

    @Test
    void botsMayNotAndApplicationsOnlyReadWithTheirGrant() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        assertThat(call(HttpMethod.GET, PATH, botToken(me), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(call(HttpMethod.PUT, PATH + "/" + them.asString(), botToken(me), "{}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(call(HttpMethod.GET, PATH, oauthToken(me, "identify"), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        Response write = call(
                HttpMethod.PUT,
                PATH + "/" + them.asString(),
                oauthToken(me, Snowflake.of(7), "relationships.read"),
                "{}");
        assertThat(write.status()).isEqualTo(403);
        assertThat(side(me, them)).isNull();

        db.sql("INSERT INTO relationships (user_id, target_id, type) VALUES (:me, :them, 5)")
                .bind("me", me.value())
                .bind("them", them.value())
                .then()
                .block();
        String reader = oauthToken(me, Snowflake.of(7), "relationships.read");
        assertThat(call(HttpMethod.GET, PATH + "?with_implicit=true", reader, null)
                        .body())
                .hasSize(1);
        assertThat(call(HttpMethod.GET, PATH, reader, null).body()).isEmpty();
        assertThat(call(HttpMethod.GET, PATH + "?with_implicit=true", userToken(me), null)
                        .body())
                .isEmpty();
    }

    @Test
    void badInputNamesTheFieldAndChangesNothing() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();

        assertField(put(me, them, "{\"type\": 3}"), "type", "BASE_TYPE_CHOICES");
        assertField(as(me, HttpMethod.POST, PATH, "{\"username\": \"x\"}"), "username", "BASE_TYPE_BAD_LENGTH");
        assertField(
                as(me, HttpMethod.POST, PATH, "{\"username\": \"abc\", \"discriminator\": \"12\"}"),
                "discriminator",
                "BASE_TYPE_BAD_DISCRIMINATOR");
        assertField(
                as(me, HttpMethod.DELETE, PATH + "?relationship_type=1", null),
                "relationship_type",
                "BASE_TYPE_CHOICES");
        assertField(put(me, Snowflake.of(1), "{\"type\": \"x\"}"), "type", "NUMBER_TYPE_COERCE");
        assertThat(as(me, HttpMethod.PUT, PATH + "/not-an-id", "{}").status()).isEqualTo(400);
        assertThat(as(me, HttpMethod.POST, PATH, null).body().get("code").asInt())
                .isEqualTo(50109);

        befriend(me, them);
        assertField(
                as(me, HttpMethod.PATCH, PATH + "/" + them.asString(), "{\"nickname\": \"\"}"),
                "nickname",
                "BASE_TYPE_BAD_LENGTH");
        assertField(
                as(me, HttpMethod.PATCH, PATH + "/" + them.asString(), "{\"nickname\": \"" + "n".repeat(33) + "\"}"),
                "nickname",
                "BASE_TYPE_BAD_LENGTH");
        Snowflake stranger = newKnownUser();
        assertField(
                as(me, HttpMethod.PATCH, PATH + "/" + stranger.asString(), "{\"nickname\": \"Pal\"}"),
                "nickname",
                "RELATIONSHIP_NOT_FRIEND");
        assertThat(side(me, them).nickname()).isNull();
        assertThat(side(me, stranger)).isNull();
    }

    @Test
    void aNullTypeIsRefusedWhileNoBodyAndAnEmptyOneStillAsk() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        Snowflake other = newKnownUser();

        assertField(put(me, them, "{\"type\": null}"), "type", "BASE_TYPE_REQUIRED");
        assertThat(side(me, them)).isNull();
        assertThat(side(them, me)).isNull();

        assertThat(put(me, them, null).status()).isEqualTo(204);
        assertThat(put(me, other, "{}").status()).isEqualTo(204);
        awaitRelationshipEvent("RELATIONSHIP_ADD", me, other);
        assertThat(eventsOf(me))
                .as("the refused PUT told no one; the next two each asked")
                .containsExactly(
                        "RELATIONSHIP_ADD:" + them.asString() + ":4", "RELATIONSHIP_ADD:" + other.asString() + ":4");
        assertThat(side(me, them).type()).isEqualTo(4);
    }

    @Test
    void theTargetMustBeSomeoneElseKnownAndNotABot() {
        Snowflake me = newKnownUser();
        Snowflake bot = newUser();
        knownUser(bot, "helper_bot" + bot.asString().substring(12), "0", true);

        assertCode(put(me, me, "{}"), 400, 80003);
        assertCode(put(me, newUser(), "{}"), 404, 10013);
        assertCode(put(me, bot, "{}"), 400, 80002);
        assertCode(as(me, HttpMethod.POST, PATH, "{\"username\": \"nobody_here_at_all\"}"), 400, 80004);
        assertThat(put(me, bot, "{\"type\": 2}").status()).isEqualTo(204);
    }

    @Test
    void alreadyFriendsByUsernameIsRefused() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        befriend(me, them);
        assertCode(as(me, HttpMethod.POST, PATH, "{\"username\": \"u" + them.asString() + "\"}"), 400, 80007);
    }

    @Test
    void friendSourceFlagsDecideWhoMayAsk() {
        Snowflake me = newKnownUser();
        Snowflake picky = newKnownUser();
        Snowflake mutual = newKnownUser();
        assertThat(as(
                                picky,
                                HttpMethod.PATCH,
                                "/users/@me/settings",
                                "{\"friend_source_flags\": {\"mutual_friends\": true}}")
                        .status())
                .isEqualTo(200);

        assertCode(put(me, picky, "{}"), 400, 80000);
        assertThat(side(picky, me)).isNull();

        befriend(me, mutual);
        befriend(picky, mutual);
        assertThat(put(me, picky, "{}").status()).isEqualTo(204);
        assertThat(side(picky, me)).isEqualTo(new Side(3, null, false, false, false));
    }

    private static void assertField(Response response, String field, String code) {
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(response.body()
                        .get("errors")
                        .get(field)
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo(code);
    }

    private static void assertCode(Response response, int status, int code) {
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.body().get("code").asInt()).isEqualTo(code);
    }
}
