package dev.concord.social.games;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.social.SocialApiSupport;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Game relationships of the running service; each test works on users and games of its own. */
abstract class GameRelationshipApiSupport extends SocialApiSupport {

    static final String PATH = "/users/@me/game-relationships";
    private static final AtomicLong GAMES = new AtomicLong(1_337_000_000_000_000_000L);

    /** A game (application) id no other test uses. */
    static Snowflake newGame() {
        return Snowflake.of(GAMES.incrementAndGet());
    }

    /** The game's OAuth2 token for {@code user}, as the Social SDK holds it. */
    String gameToken(Snowflake user, Snowflake game) {
        return oauthToken(user, game, GameRelationshipAccess.READ, GameRelationshipAccess.WRITE);
    }

    Response asGame(Snowflake user, Snowflake game, HttpMethod method, String path, String body) {
        return call(method, path, gameToken(user, game), body);
    }

    /** A stored side as "target/application/type". */
    record Side(Snowflake target, Snowflake application, int type) {}

    List<Side> rows(Snowflake user) {
        return db.sql("SELECT target_id, application_id, type FROM game_relationships WHERE user_id = :user"
                        + " ORDER BY application_id, target_id")
                .bind("user", user.value())
                .map(row -> new Side(
                        Snowflake.of(row.get("target_id", Long.class)),
                        Snowflake.of(row.get("application_id", Long.class)),
                        row.get("type", Short.class)))
                .all()
                .collectList()
                .block(Duration.ofSeconds(5));
    }

    OffsetDateTime since(Snowflake user, Snowflake target, Snowflake game) {
        return db.sql(
                        "SELECT since FROM game_relationships WHERE user_id = :user AND target_id = :target AND application_id = :game")
                .bind("user", user.value())
                .bind("target", target.value())
                .bind("game", game.value())
                .map(row -> row.get("since", OffsetDateTime.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    /** A user made by {@link #newKnownUser} as partial user JSON. */
    static JsonNode partialUser(Snowflake id) {
        return json("""
                {"id": "%s", "username": "u%s", "discriminator": "0", "global_name": null, "avatar": null,
                 "public_flags": 0, "bot": false, "flags": 0, "primary_guild": null}""".formatted(id, id));
    }

    /** The game relationship {@code user} should see, {@code since} left out (compare it apart). */
    static JsonNode seen(Snowflake user, Snowflake target, Snowflake game, int type, boolean withUser) {
        ObjectNode expected = (ObjectNode) json("""
                {"id": "%s", "application_id": "%s", "type": %d, "dm_access_type": 0, "user_id": "%s"}""".formatted(target, game, type, user));
        if (withUser) {
            expected.set("user", partialUser(target));
        }
        return expected;
    }

    /** {@code relationship} without {@code since}, which tests compare with the stored value. */
    static JsonNode withoutSince(JsonNode relationship) {
        ObjectNode copy = (ObjectNode) relationship.deepCopy();
        copy.remove("since");
        return copy;
    }

    /** The data of every event of {@code type} addressed to {@code user} so far, in order. */
    List<JsonNode> eventData(String type, Snowflake user) {
        return events.all().stream()
                .filter(e -> isEventFor(e, type, user))
                .map(e -> e.get("data"))
                .toList();
    }

    void assertNoEventsSoFar(Snowflake user) {
        assertEventsSoFar(user);
    }

    /**
     * Proves that {@code user}'s events so far were of {@code earlierTypes}, in order: makes a settings
     * change, which publishes one event keyed by the user, and checks the user's events up to it. One
     * user's events share a key and so arrive in order: anything published earlier shows up before it.
     */
    void assertEventsSoFar(Snowflake user, String... earlierTypes) {
        assertThat(as(user, HttpMethod.PATCH, "/users/@me/settings", "{\"developer_mode\": true}")
                        .status())
                .isEqualTo(200);
        awaitEvent(USER_SETTINGS_UPDATE, user, e -> true);
        assertThat(events.all().stream()
                        .filter(e -> e.path("audience")
                                .path("user_ids")
                                .valueStream()
                                .anyMatch(id -> id.asString().equals(user.asString())))
                        .map(e -> e.path("type").asString()))
                .containsExactlyElementsOf(Stream.concat(Stream.of(earlierTypes), Stream.of(USER_SETTINGS_UPDATE))
                        .toList());
    }
}
