package dev.concord.social.relationships;

import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Every route that names a user in its path answers 404 10013 for a user nobody knows (0, or an id no
 * account has), as the platform does, and writes and publishes nothing; a known user with nothing
 * between the two is the routes' ordinary case (a removal of nothing is 204, a nickname 50035).
 */
class RelationshipTargetsIT extends RelationshipApiSupport {

    static final Response UNKNOWN_USER = new Response(404, json("{\"message\": \"Unknown User\", \"code\": 10013}"));
    static final Response SELF =
            new Response(400, json("{\"message\": \"Cannot send friend request to self\", \"code\": 80003}"));
    static final String GAMES = "/users/@me/game-relationships";

    @Test
    void anUnknownUserIsUnknownOnEveryRouteNamingOneAndNothingChanges() {
        Snowflake me = newKnownUser();
        Snowflake friend = newKnownUser();
        befriend(me, friend);
        awaitEvent(RELATIONSHIP_ADD, me, e -> e.path("data").path("type").asInt() == 1);
        String game = "1";

        for (String target : new String[] {"0", newUser().asString()}) {
            assertThat(as(me, HttpMethod.DELETE, PATH + "/" + target, null))
                    .as("DELETE %s", target)
                    .isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.DELETE, PATH + "/" + target + "/ignore", null))
                    .isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.PUT, PATH + "/" + target + "/ignore", null))
                    .isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.PATCH, PATH + "/" + target, "{\"nickname\": \"x\"}"))
                    .isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.PATCH, PATH + "/" + target, "{}"))
                    .as("a PATCH that changes nothing")
                    .isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.PUT, PATH + "/" + target, "{}")).isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.PUT, PATH + "/" + target, "{\"type\": 2}"))
                    .isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.DELETE, GAMES + "/" + target, null)).isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.DELETE, GAMES + "/" + target + "/" + game, null))
                    .isEqualTo(UNKNOWN_USER);
            assertThat(as(me, HttpMethod.PUT, GAMES + "/" + target + "/" + game, null))
                    .as("accepting a game friend request of nobody")
                    .isEqualTo(UNKNOWN_USER);
        }

        assertThat(rowsOf(me)).as("the friendship's two sides").isEqualTo(2);
        assertThat(side(me, friend).type()).isEqualTo(RelationshipType.FRIEND.value());
        assertThat(list(me).body()).hasSize(1);
        assertThat(eventsOf(me))
                .containsExactly(
                        "RELATIONSHIP_ADD:" + friend.asString() + ":4", "RELATIONSHIP_ADD:" + friend.asString() + ":1");
    }

    @Test
    void aKnownUserWithNothingBetweenUsIsNoError() {
        Snowflake me = newKnownUser();
        Snowflake stranger = newKnownUser();

        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + stranger.asString(), null)
                        .status())
                .isEqualTo(204);
        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + stranger.asString() + "/ignore", null)
                        .status())
                .isEqualTo(204);
        assertThat(as(me, HttpMethod.DELETE, GAMES + "/" + stranger.asString(), null)
                        .status())
                .isEqualTo(204);
        JsonNode nickname = as(me, HttpMethod.PATCH, PATH + "/" + stranger.asString(), "{\"nickname\": \"x\"}")
                .body();
        assertThat(nickname.get("code").asInt()).isEqualTo(50035);
        assertThat(rowsOf(me)).isZero();
        assertThat(eventsOf(me)).isEmpty();
    }

    @Test
    void oneselfIsRefusedOnTheRemovalsToo() {
        Snowflake me = newKnownUser();

        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + me.asString(), null)).isEqualTo(SELF);
        assertThat(as(me, HttpMethod.DELETE, GAMES + "/" + me.asString(), null)).isEqualTo(SELF);
        assertThat(as(me, HttpMethod.DELETE, GAMES + "/" + me.asString() + "/1", null))
                .isEqualTo(SELF);
        assertThat(rowsOf(me)).isZero();
    }

    private long rowsOf(Snowflake user) {
        return db.sql("SELECT (SELECT count(*) FROM relationships WHERE user_id = :u OR target_id = :u)"
                        + " + (SELECT count(*) FROM game_relationships WHERE user_id = :u OR target_id = :u)")
                .bind("u", user.value())
                .map(row -> row.get(0, Long.class))
                .one()
                .block(Duration.ofSeconds(5));
    }
}
