package dev.concord.social.games;

import static dev.concord.platform.events.EventTypes.GAME_RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.GAME_RELATIONSHIP_REMOVE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Asking, accepting, listing and removing game relationships: responses, stored sides and events. */
class GameRelationshipApiIT extends GameRelationshipApiSupport {

    @Test
    void aGameAsksByUsernameAndEachSideGetsItsOwnView() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake game = newGame();

        Response response = asGame(alice, game, HttpMethod.POST, PATH, "{\"username\": \"U" + bob + "\"}");

        assertThat(response).isEqualTo(new Response(204, null));
        assertThat(rows(alice)).containsExactly(new Side(bob, game, 4));
        assertThat(rows(bob)).containsExactly(new Side(alice, game, 3));
        OffsetDateTime since = since(alice, bob, game);
        assertThat(since(bob, alice, game)).isEqualTo(since);
        JsonNode toAlice = awaitEvent(GAME_RELATIONSHIP_ADD, alice, e -> true);
        JsonNode toBob = awaitEvent(GAME_RELATIONSHIP_ADD, bob, e -> true);
        assertThat(withoutSince(toAlice.get("data"))).isEqualTo(seen(alice, bob, game, 4, true));
        assertThat(withoutSince(toBob.get("data"))).isEqualTo(seen(bob, alice, game, 3, true));
        assertThat(OffsetDateTime.parse(toAlice.at("/data/since").asString()).toInstant())
                .isEqualTo(since.toInstant());
        assertThat(toAlice.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + alice + "\"]}"));
        assertThat(toBob.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + bob + "\"]}"));
        assertThat(toAlice.get("source").asString()).isEqualTo("social-service");
    }

    @Test
    void theTargetAcceptsInTheGameOrFromTheirOwnSessionAndBothBecomeFriends() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake carol = newKnownUser();
        Snowflake game = newGame();
        assertThat(asGame(alice, game, HttpMethod.PUT, PATH + "/" + bob, null).status())
                .isEqualTo(204);
        assertThat(asGame(carol, game, HttpMethod.PUT, PATH + "/" + bob, "{\"type\": -1}")
                        .status())
                .isEqualTo(204);

        assertThat(asGame(bob, game, HttpMethod.PUT, PATH + "/" + alice, "{}")).isEqualTo(new Response(204, null));
        assertThat(as(bob, HttpMethod.PUT, PATH + "/" + carol + "/" + game, "{\"type\": 1}"))
                .isEqualTo(new Response(204, null));

        assertThat(rows(bob)).containsExactlyInAnyOrder(new Side(alice, game, 1), new Side(carol, game, 1));
        assertThat(rows(alice)).containsExactly(new Side(bob, game, 1));
        assertThat(rows(carol)).containsExactly(new Side(bob, game, 1));
        // Alice's events so far are read once her last one has arrived.
        awaitEvent(GAME_RELATIONSHIP_ADD, alice, e -> e.at("/data/type").asInt() == 1);
        assertThat(eventData(GAME_RELATIONSHIP_ADD, alice).stream().map(GameRelationshipApiSupport::withoutSince))
                .containsExactly(seen(alice, bob, game, 4, true), seen(alice, bob, game, 1, true));
        awaitEvent(GAME_RELATIONSHIP_ADD, carol, e -> e.at("/data/type").asInt() == 1);
        awaitEvent(
                GAME_RELATIONSHIP_ADD,
                bob,
                e -> e.at("/data/id").asString().equals(carol.asString())
                        && e.at("/data/type").asInt() == 1);
        assertThat(eventData(GAME_RELATIONSHIP_ADD, bob).stream().map(GameRelationshipApiSupport::withoutSince))
                .containsExactly(
                        seen(bob, alice, game, 3, true), seen(bob, carol, game, 3, true),
                        seen(bob, alice, game, 1, true), seen(bob, carol, game, 1, true));
    }

    @Test
    void askingAgainOrAcceptingTwiceChangesNothing() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake game = newGame();
        asGame(alice, game, HttpMethod.POST, PATH, "{\"username\": \"u" + bob + "\"}");

        assertThat(asGame(alice, game, HttpMethod.PUT, PATH + "/" + bob, null).status())
                .isEqualTo(204);
        assertThat(rows(alice)).containsExactly(new Side(bob, game, 4));
        as(bob, HttpMethod.PUT, PATH + "/" + alice + "/" + game, null);
        assertThat(as(bob, HttpMethod.PUT, PATH + "/" + alice + "/" + game, null)
                        .status())
                .isEqualTo(204);
        assertThat(asGame(alice, game, HttpMethod.POST, PATH, "{\"username\": \"u" + bob + "\"}")
                        .status())
                .isEqualTo(204);

        assertThat(rows(bob)).containsExactly(new Side(alice, game, 1));
        assertThat(asGame(alice, game, HttpMethod.DELETE, PATH + "/" + bob, null)
                        .status())
                .isEqualTo(204);
        awaitEvent(GAME_RELATIONSHIP_REMOVE, alice, e -> true);
        awaitEvent(GAME_RELATIONSHIP_REMOVE, bob, e -> true);
        assertThat(eventData(GAME_RELATIONSHIP_ADD, alice).stream()
                        .map(e -> e.get("type").asInt()))
                .containsExactly(4, 1);
        assertThat(eventData(GAME_RELATIONSHIP_ADD, bob).stream()
                        .map(e -> e.get("type").asInt()))
                .containsExactly(3, 1);
    }

    @Test
    void aPersonListsEveryGameWithUsersAndAGameOnlyItsOwnWithout() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake chess = newGame();
        Snowflake golf = newGame();
        asGame(alice, chess, HttpMethod.PUT, PATH + "/" + bob, null);
        asGame(bob, golf, HttpMethod.PUT, PATH + "/" + alice, null);

        Response mine = as(alice, HttpMethod.GET, PATH, null);
        Response chessSees = asGame(alice, chess, HttpMethod.GET, PATH, null);

        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.body().valueStream().map(GameRelationshipApiSupport::withoutSince))
                .containsExactly(seen(alice, bob, chess, 4, true), seen(alice, bob, golf, 3, true));
        assertThat(OffsetDateTime.parse(mine.body().at("/0/since").asString()).toInstant())
                .isEqualTo(since(alice, bob, chess).toInstant());
        assertThat(chessSees.status()).isEqualTo(200);
        assertThat(chessSees.body().valueStream().map(GameRelationshipApiSupport::withoutSince))
                .containsExactly(seen(alice, bob, chess, 4, false));
        assertThat(as(newKnownUser(), HttpMethod.GET, PATH, null)).isEqualTo(new Response(200, json("[]")));
    }

    @Test
    void removingInOneGameLeavesTheOthersAndTellsBothSides() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake chess = newGame();
        Snowflake golf = newGame();
        asGame(alice, chess, HttpMethod.PUT, PATH + "/" + bob, null);
        asGame(alice, golf, HttpMethod.PUT, PATH + "/" + bob, null);
        OffsetDateTime since = since(alice, bob, chess);

        assertThat(as(bob, HttpMethod.DELETE, PATH + "/" + alice + "/" + chess, null))
                .isEqualTo(new Response(204, null));

        assertThat(rows(alice)).containsExactly(new Side(bob, golf, 4));
        assertThat(rows(bob)).containsExactly(new Side(alice, golf, 3));
        JsonNode toAlice =
                awaitEvent(GAME_RELATIONSHIP_REMOVE, alice, e -> true).get("data");
        JsonNode toBob = awaitEvent(GAME_RELATIONSHIP_REMOVE, bob, e -> true).get("data");
        assertThat(withoutSince(toAlice)).isEqualTo(seen(alice, bob, chess, 4, false));
        assertThat(withoutSince(toBob)).isEqualTo(seen(bob, alice, chess, 3, false));
        assertThat(OffsetDateTime.parse(toBob.get("since").asString()).toInstant())
                .isEqualTo(since.toInstant());
    }

    @Test
    void aGameRemovesInItselfAndAPersonInEveryGame() {
        Snowflake alice = newKnownUser();
        Snowflake bob = newKnownUser();
        Snowflake chess = newGame();
        Snowflake golf = newGame();
        Snowflake darts = newGame();
        for (Snowflake game : List.of(chess, golf, darts)) {
            asGame(alice, game, HttpMethod.PUT, PATH + "/" + bob, null);
        }

        assertThat(asGame(bob, chess, HttpMethod.DELETE, PATH + "/" + alice, null)
                        .status())
                .isEqualTo(204);
        assertThat(rows(alice)).containsExactly(new Side(bob, golf, 4), new Side(bob, darts, 4));

        assertThat(as(alice, HttpMethod.DELETE, PATH + "/" + bob, null).status())
                .isEqualTo(204);
        assertThat(rows(alice)).isEmpty();
        assertThat(rows(bob)).isEmpty();
        awaitEvent(GAME_RELATIONSHIP_REMOVE, bob, e -> e.at("/data/application_id")
                .asString()
                .equals(darts.asString()));
        assertThat(eventData(GAME_RELATIONSHIP_REMOVE, bob).stream()
                        .map(e -> e.get("application_id").asString()))
                .containsExactlyInAnyOrder(chess.asString(), golf.asString(), darts.asString());
        assertThat(as(alice, HttpMethod.DELETE, PATH + "/" + bob, null).status())
                .isEqualTo(204);
    }
}
