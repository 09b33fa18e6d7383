package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.USER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** {@code POST} and {@code GET /users/@me/linked-users}: a requestor links to a teen with the teen's code. */
class LinkedUserRequestIT extends FamilyApiSupport {

    @Test
    void aRequestWithTheTeensCodeCreatesAPendingLinkSeenFromBothSides() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        String code = linkCode(teen);
        Instant before = Instant.now();

        Response response = request(parent, teen, code);

        assertThat(response.status()).isEqualTo(200);
        JsonNode link = response.body().at("/linked_users/0");
        assertThat(response.body().get("linked_users")).hasSize(1);
        assertThat(link.get("link_status").asInt()).isEqualTo(1);
        assertThat(link.get("link_type").asInt()).isEqualTo(2);
        assertThat(link.get("requestor_id").asString()).isEqualTo(parent.asString());
        assertThat(link.get("user_id").asString()).isEqualTo(teen.asString());
        assertThat(OffsetDateTime.parse(link.get("created_at").asString()).toInstant())
                .isAfterOrEqualTo(before.minusSeconds(1));
        assertThat(link.get("updated_at")).isEqualTo(link.get("created_at"));
        assertThat(response.body().get("users")).hasSize(1);
        assertThat(response.body().at("/users/0/id").asString()).isEqualTo(teen.asString());
        assertThat(response.body().at("/users/0/username").asString()).isEqualTo("u" + teen.asString());

        assertThat(linkStatus(parent, teen)).isEqualTo(1);
        assertThat(hasCode(teen)).as("the code is used up").isFalse();

        Response teensView = as(teen, HttpMethod.GET, LINKED_USERS, null);
        assertThat(teensView.status()).isEqualTo(200);
        JsonNode seenByTeen = teensView.body().at("/linked_users/0");
        assertThat(seenByTeen.get("link_type").asInt()).isEqualTo(1);
        assertThat(seenByTeen.get("requestor_id").asString()).isEqualTo(parent.asString());
        assertThat(seenByTeen.get("user_id").asString()).isEqualTo(parent.asString());
        assertThat(teensView.body().at("/users/0/id").asString()).isEqualTo(parent.asString());
        assertThat(as(parent, HttpMethod.GET, LINKED_USERS, null).body()).isEqualTo(response.body());

        JsonNode toParent = awaitEvent(USER_UPDATE, parent, e -> true);
        JsonNode toTeen = awaitEvent(USER_UPDATE, teen, e -> true);
        assertThat(toParent.get("data")).isEqualTo(json("""
                {"id": "%s", "username": "u%s", "discriminator": "0", "global_name": null, "avatar": null,
                 "public_flags": 0, "bot": false, "flags": 0, "primary_guild": null}""".formatted(parent.asString(), parent.asString())));
        assertThat(toParent.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + parent.asString() + "\"]}"));
        assertThat(toTeen.at("/data/id").asString()).isEqualTo(teen.asString());
        assertThat(toParent.get("source").asString()).isEqualTo("social-service");
    }

    @Test
    void aUserWithNoLinksHasEmptyLists() {
        Response response = as(newKnownUser(), HttpMethod.GET, LINKED_USERS, null);

        assertThat(response).isEqualTo(new Response(200, json("{\"linked_users\": [], \"users\": []}")));
    }

    @Test
    void aUserTheReplicaDoesNotKnowIsAskedOfTheOwnerAndWholeInTheEvent() {
        Snowflake parent = newUser();
        Snowflake teen = newKnownUser();

        assertThat(request(parent, teen, linkCode(teen)).status()).isEqualTo(200);

        // The shared fake of remote-auth-service knows every user a test minted a token for, as "user_<id>".
        assertThat(awaitEvent(USER_UPDATE, parent, e -> true).get("data"))
                .isEqualTo(json("""
                        {"id": "%s", "username": "user_%s", "discriminator": "0", "global_name": null, "avatar": null,
                         "public_flags": 0, "bot": false, "flags": 0, "primary_guild": null}""".formatted(parent.asString(), parent.asString())));
    }

    @Test
    void aCodeWorksOnceAndOnlyForItsOwnUser() {
        Snowflake teen = newKnownUser();
        Snowflake other = newKnownUser();
        String code = linkCode(teen);
        linkCode(other);

        assertRefused(request(newKnownUser(), other, code), "code", "LINK_CODE_INVALID");
        assertThat(request(newKnownUser(), teen, code).status()).isEqualTo(200);
        Snowflake late = newKnownUser();
        assertRefused(request(late, teen, code), "code", "LINK_CODE_INVALID");
        assertThat(linkCount(late)).isZero();
        assertThat(linkCount(other)).isZero();
        assertThat(hasCode(other)).isTrue();
    }

    @Test
    void aNewCodeReplacesTheOldOneAndAnExpiredCodeIsRefused() {
        Snowflake teen = newKnownUser();
        String first = linkCode(teen);
        String second = linkCode(teen);
        Snowflake parent = newKnownUser();

        assertThat(second).isNotEqualTo(first).hasSize(LinkCodes.LENGTH).matches("[A-Za-z0-9_-]+");
        assertRefused(request(parent, teen, first), "code", "LINK_CODE_INVALID");

        db.sql("UPDATE family_link_codes SET expires_at = now() - interval '1 second' WHERE user_id = :u")
                .bind("u", teen.value())
                .then()
                .block(Duration.ofSeconds(5));
        assertRefused(request(parent, teen, second), "code", "LINK_CODE_INVALID");
        assertThat(linkCount(teen)).isZero();
        assertNoEventsBeforeAProbe(parent);
    }

    @Test
    void theCodeIsStoredOnlyAsAHashForAFewMinutes() {
        Snowflake teen = newKnownUser();
        String code = linkCode(teen);

        JsonNode row = db.sql(
                        "SELECT encode(code_hash, 'hex') AS hash, extract(epoch FROM expires_at - now()) AS ttl FROM family_link_codes WHERE user_id = :u")
                .bind("u", teen.value())
                .map(r -> json("{\"hash\": \"%s\", \"ttl\": %s}"
                        .formatted(r.get("hash", String.class), r.get("ttl", java.math.BigDecimal.class))))
                .one()
                .block(Duration.ofSeconds(5));
        assertThat(row.get("hash").asString())
                .isEqualTo(java.util.HexFormat.of().formatHex(LinkCodes.hash(code)));
        assertThat(row.get("ttl").asDouble()).isBetween(250.0, 300.0);
    }

    @Test
    void noSelfLinksNoDuplicatesAndNoSecondRole() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        assertRefused(request(parent, parent, linkCode(parent)), "recipient_id", "LINK_SELF");
        requested(parent, teen);

        assertRefused(request(parent, teen, linkCode(teen)), "recipient_id", "LINK_ALREADY_EXISTS");
        assertRefused(request(teen, parent, linkCode(parent)), "recipient_id", "LINK_ALREADY_EXISTS");
        assertRefused(request(teen, newKnownUser(), linkCode(newKnownUser())), "code", "LINK_CODE_INVALID");
        Snowflake teensFriend = newKnownUser();
        assertRefused(request(teen, teensFriend, linkCode(teensFriend)), "recipient_id", "LINK_ROLE_CONFLICT");
        Snowflake otherParent = newKnownUser();
        assertRefused(request(otherParent, parent, linkCode(parent)), "recipient_id", "LINK_ROLE_CONFLICT");

        assertThat(hasCode(teen)).as("a refused request leaves the code usable").isTrue();
        assertThat(linkCount(parent)).isEqualTo(1);
        assertUserUpdates(parent, 1);
    }

    @Test
    void aTeenMayHaveSeveralRequestors() {
        Snowflake teen = newKnownUser();
        Snowflake mother = newKnownUser();
        Snowflake father = newKnownUser();

        requested(mother, teen);
        requested(father, teen);

        JsonNode seen = as(teen, HttpMethod.GET, LINKED_USERS, null).body();
        assertThat(seen.get("linked_users")).hasSize(2);
        assertThat(seen.get("users").valueStream().map(u -> u.get("id").asString()))
                .containsExactlyInAnyOrder(mother.asString(), father.asString());
    }

    @Test
    void aRequestorHasAtMostEightPendingOrConnectedLinks() {
        Snowflake parent = newKnownUser();
        for (int i = 0; i < 7; i++) {
            requested(parent, newKnownUser());
        }
        Snowflake eighth = newKnownUser();
        connected(parent, eighth);
        Snowflake ninth = newKnownUser();

        assertRefused(request(parent, ninth, linkCode(ninth)), "recipient_id", "LINK_MAX_CONNECTED");
        assertThat(linkCount(ninth)).isZero();
        assertThat(hasCode(ninth)).isTrue();

        assertThat(modify(parent, eighth, 3).status()).isEqualTo(200);
        assertThat(request(parent, ninth, linkCode(ninth)).status())
                .as("a disconnected link frees its place")
                .isEqualTo(200);
        assertUserUpdates(ninth, 1);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.of("{}", "code,recipient_id"),
                Arguments.of("{\"recipient_id\": \"1\"}", "code"),
                Arguments.of("{\"recipient_id\": \"abc\", \"code\": \"x\"}", "recipient_id"),
                Arguments.of("{\"recipient_id\": \"1\", \"code\": 5}", "code"),
                Arguments.of("{\"recipient_id\": \"1\", \"code\": \"\"}", "code"),
                Arguments.of("{\"recipient_id\": \"1\", \"code\": \"" + "x".repeat(65) + "\"}", "code"),
                Arguments.of("{\"recipient_id\": null, \"code\": null}", "code,recipient_id"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void aBadBodyNamesTheFieldAndChangesNothing(String body, String fields) {
        Snowflake parent = newKnownUser();

        Response response = as(parent, HttpMethod.POST, LINKED_USERS, body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(ErrorPaths.fields(response.body().get("errors"))).containsExactlyInAnyOrder(fields.split(","));
        assertThat(linkCount(parent)).isZero();
        assertNoEventsBeforeAProbe(parent);
    }

    @Test
    void notJsonIs50109() {
        Response response = as(newKnownUser(), HttpMethod.POST, LINKED_USERS, "{");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50109);
    }

    static void assertRefused(Response response, String field, String code) {
        assertThat(response.status()).as(response.body().toString()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(response.body().at("/errors/" + field + "/_errors/0/code").asString())
                .isEqualTo(code);
    }
}
