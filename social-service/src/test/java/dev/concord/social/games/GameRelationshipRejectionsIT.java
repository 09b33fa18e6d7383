package dev.concord.social.games;

import static dev.concord.platform.events.EventTypes.GAME_RELATIONSHIP_ADD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;

/** Requests that must change nothing: wrong callers, wrong targets, bad ids and bodies. */
class GameRelationshipRejectionsIT extends GameRelationshipApiSupport {

    static final Response UNKNOWN_USER = new Response(404, json("{\"message\": \"Unknown User\", \"code\": 10013}"));
    static final Response SELF =
            new Response(400, json("{\"message\": \"Cannot send friend request to self\", \"code\": 80003}"));
    static final Response BOT_TARGET =
            new Response(400, json("{\"message\": \"Cannot send friend request to a bot\", \"code\": 80002}"));

    /** Method, path (with {target} and {game}) and a valid body, for each route. */
    static Stream<Arguments> routes() {
        return Stream.of(
                Arguments.of("GET", PATH, null),
                Arguments.of("POST", PATH, "{\"username\": \"someone\"}"),
                Arguments.of("PUT", PATH + "/{target}", "{}"),
                Arguments.of("PUT", PATH + "/{target}/{game}", "{\"type\": 1}"),
                Arguments.of("DELETE", PATH + "/{target}", null),
                Arguments.of("DELETE", PATH + "/{target}/{game}", null));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("routes")
    void withoutATokenOrAsABotNothingHappens(String method, String path, String body) {
        Snowflake user = newKnownUser();
        String resolved = path.replace("{target}", newKnownUser().asString())
                .replace("{game}", newGame().asString());

        assertThat(call(HttpMethod.valueOf(method), resolved, null, body)).isEqualTo(UNAUTHORIZED);
        assertThat(call(HttpMethod.valueOf(method), resolved, botToken(user), body))
                .isEqualTo(BOTS_NOT_ALLOWED);
        assertThat(call(HttpMethod.valueOf(method), resolved, oauthToken(user, newGame(), "identify"), body))
                .isEqualTo(MISSING_ACCESS);
        assertThat(rows(user)).isEmpty();
    }

    @Test
    void aBlockEitherWayRefusesGameRequests() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake game = newGame();
        assertThat(as(bob, HttpMethod.PUT, "/users/@me/relationships/" + alice, "{\"type\": 2}")
                        .status())
                .isEqualTo(204);
        Response blocked =
                new Response(400, json("{\"message\": \"Incoming friend request blocked\", \"code\": 80001}"));

        assertThat(asGame(alice, game, HttpMethod.PUT, PATH + "/" + bob, "{}")).isEqualTo(blocked);
        assertThat(asGame(bob, game, HttpMethod.PUT, PATH + "/" + alice, "{}")).isEqualTo(blocked);
        assertThat(rows(alice)).isEmpty();
        assertThat(rows(bob)).isEmpty();
    }

    @Test
    void aPersonsSessionCannotAskAndAGameCannotUseTheApplicationRoutes() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake game = newGame();

        assertThat(as(alice, HttpMethod.POST, PATH, "{\"username\": \"u" + bob + "\"}"))
                .isEqualTo(MISSING_ACCESS);
        assertThat(as(alice, HttpMethod.PUT, PATH + "/" + bob, "{}")).isEqualTo(MISSING_ACCESS);
        assertThat(asGame(alice, game, HttpMethod.PUT, PATH + "/" + bob + "/" + game, "{\"type\": 1}"))
                .isEqualTo(MISSING_ACCESS);
        assertThat(asGame(alice, game, HttpMethod.DELETE, PATH + "/" + bob + "/" + game, null))
                .isEqualTo(MISSING_ACCESS);
        assertThat(call(
                        HttpMethod.POST,
                        PATH,
                        oauthToken(alice, game, GameRelationshipAccess.READ),
                        "{\"username\": \"u" + bob + "\"}"))
                .isEqualTo(MISSING_ACCESS);
        assertThat(rows(alice)).isEmpty();
        assertThat(rows(bob)).isEmpty();
        assertNoEventsSoFar(alice);
        assertNoEventsSoFar(bob);
    }

    @Test
    void oneselfBotsAndUnknownUsersCannotBeAsked() {
        Snowflake alice = newKnownUser();
        Snowflake robot = newUser();
        knownUser(robot, "robot" + robot, "0", true);
        Snowflake game = newGame();

        assertThat(asGame(alice, game, HttpMethod.POST, PATH, "{\"username\": \"u" + alice + "\"}"))
                .isEqualTo(SELF);
        assertThat(asGame(alice, game, HttpMethod.PUT, PATH + "/" + alice, null))
                .isEqualTo(SELF);
        assertThat(as(alice, HttpMethod.PUT, PATH + "/" + alice + "/" + game, null))
                .isEqualTo(SELF);
        assertThat(asGame(alice, game, HttpMethod.POST, PATH, "{\"username\": \"robot" + robot + "\"}"))
                .isEqualTo(BOT_TARGET);
        assertThat(asGame(alice, game, HttpMethod.PUT, PATH + "/" + robot, null))
                .isEqualTo(BOT_TARGET);
        assertThat(asGame(alice, game, HttpMethod.PUT, PATH + "/" + newUser(), null))
                .isEqualTo(UNKNOWN_USER);
        assertThat(asGame(alice, game, HttpMethod.POST, PATH, "{\"username\": \"nobody-" + newUser() + "\"}"))
                .isEqualTo(
                        new Response(400, json("{\"message\": \"No users with DiscordTag exist\", \"code\": 80004}")));
        assertThat(rows(alice)).isEmpty();
        assertNoEventsSoFar(alice);
    }

    @Test
    void onlyAnIncomingRequestCanBeAcceptedInAnApplication() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake game = newGame();
        asGame(alice, game, HttpMethod.PUT, PATH + "/" + bob, null);

        assertThat(as(alice, HttpMethod.PUT, PATH + "/" + bob + "/" + game, null))
                .isEqualTo(UNKNOWN_USER);
        assertThat(as(bob, HttpMethod.PUT, PATH + "/" + alice + "/" + newGame(), null))
                .isEqualTo(UNKNOWN_USER);

        assertThat(rows(alice)).containsExactly(new Side(bob, game, 4));
        assertThat(rows(bob)).containsExactly(new Side(alice, game, 3));
        awaitEvent(GAME_RELATIONSHIP_ADD, alice, e -> true);
        assertEventsSoFar(alice, GAME_RELATIONSHIP_ADD);
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                Arguments.of("PUT", PATH + "/abc", "{}", List.of("user_id")),
                Arguments.of("DELETE", PATH + "/-1", null, List.of("user_id")),
                Arguments.of("PUT", PATH + "/{target}/x1", "{}", List.of("application_id")),
                Arguments.of("DELETE", PATH + "/{target}/99999999999999999999", null, List.of("application_id")),
                Arguments.of("PUT", PATH + "/{target}", "{\"type\": 2}", List.of("type")),
                Arguments.of("PUT", PATH + "/{target}", "{\"type\": null}", List.of("type")),
                Arguments.of("PUT", PATH + "/{target}", "{\"type\": \"1\"}", List.of("type")),
                Arguments.of("PUT", PATH + "/{target}/{game}", "{\"type\": -1}", List.of("type")),
                Arguments.of("PUT", PATH + "/{target}/{game}", "{\"type\": 4}", List.of("type")),
                Arguments.of("POST", PATH, "{}", List.of("username")),
                Arguments.of("POST", PATH, "{\"username\": 5}", List.of("username")));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("badRequests")
    void aBadIdOrBodyIsA400NamingItAndChangesNothing(String method, String path, String body, List<String> fields) {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake game = newGame();
        asGame(bob, game, HttpMethod.PUT, PATH + "/" + alice, null);
        String resolved = path.replace("{target}", bob.asString()).replace("{game}", game.asString());
        boolean inApplication = resolved.substring(PATH.length()).split("/").length == 3;
        String token = inApplication ? userToken(alice) : gameToken(alice, game);

        Response response = call(HttpMethod.valueOf(method), resolved, token, body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(ErrorPaths.of(response.body().get("errors"))).containsOnlyKeys(fields);
        assertThat(rows(alice)).containsExactly(new Side(bob, game, 3));
        awaitEvent(GAME_RELATIONSHIP_ADD, alice, e -> true);
        assertEventsSoFar(alice, GAME_RELATIONSHIP_ADD);
    }
}
