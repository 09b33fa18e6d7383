package dev.concord.social.family;

import static dev.concord.social.family.LinkedUserRequestIT.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** {@code PATCH /users/@me/linked-users}: the teen answers a request; either party disconnects. */
class LinkedUserModifyIT extends FamilyApiSupport {

    @Test
    void theTeenAcceptsAndTheAnswerIsTheirLinks() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        requested(parent, teen);

        Response response = modify(teen, parent, 2);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).hasSize(1);
        JsonNode link = response.body().get(0);
        assertThat(link.get("link_status").asInt()).isEqualTo(2);
        assertThat(link.get("link_type").asInt()).isEqualTo(1);
        assertThat(link.get("requestor_id").asString()).isEqualTo(parent.asString());
        assertThat(link.get("updated_at").asString())
                .isGreaterThan(link.get("created_at").asString());
        assertThat(linkStatus(parent, teen)).isEqualTo(2);
        assertUserUpdates(parent, 2);
        assertUserUpdates(teen, 2);
        assertThat(as(parent, HttpMethod.GET, LINKED_USERS, null)
                        .body()
                        .at("/linked_users/0/link_status")
                        .asInt())
                .isEqualTo(2);
    }

    @Test
    void theTeenRejects() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        requested(parent, teen);

        assertThat(modify(teen, parent, 4).body().get(0).get("link_status").asInt())
                .isEqualTo(4);

        assertThat(linkStatus(parent, teen)).isEqualTo(4);
        assertUserUpdates(teen, 2);
        assertRefused(modify(teen, parent, 2), "linked_user_id", "LINK_UNKNOWN");
        assertThat(request(parent, teen, linkCode(teen)).status())
                .as("a new request after a rejection")
                .isEqualTo(200);
        assertThat(linkStatus(parent, teen)).isEqualTo(1);
    }

    @Test
    void eitherPartyDisconnectsAndTheTeensActivityGoes() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        connected(parent, teen);
        db.sql("INSERT INTO family_actions VALUES (:t, 1, 42, 1, now())")
                .bind("t", teen.value())
                .then()
                .block();

        assertThat(modify(parent, teen, 3).body().get(0).get("link_status").asInt())
                .isEqualTo(3);

        assertThat(linkStatus(parent, teen)).isEqualTo(3);
        assertThat(db.sql("SELECT count(*) AS n FROM family_actions WHERE user_id = :t")
                        .bind("t", teen.value())
                        .map(r -> r.get("n", Long.class))
                        .one()
                        .block())
                .isZero();
        assertUserUpdates(teen, 3);

        Snowflake otherParent = newKnownUser();
        connected(otherParent, teen);
        assertThat(modify(teen, otherParent, 3).status()).isEqualTo(200);
        assertThat(linkStatus(otherParent, teen)).isEqualTo(3);
        assertUserUpdates(otherParent, 3);
    }

    @Test
    void aPendingRequestMayBeWithdrawnByTheRequestor() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        requested(parent, teen);

        assertThat(modify(parent, teen, 3).status()).isEqualTo(200);

        assertThat(linkStatus(parent, teen)).isEqualTo(3);
    }

    @Test
    void onlyTheTeenAnswersARequestAndEndedLinksStayEnded() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        requested(parent, teen);

        assertRefused(modify(parent, teen, 2), "link_status", "LINK_STATUS_INVALID");
        assertRefused(modify(parent, teen, 4), "link_status", "LINK_STATUS_INVALID");
        assertThat(modify(teen, parent, 2).status()).isEqualTo(200);
        assertRefused(modify(teen, parent, 2), "link_status", "LINK_STATUS_INVALID");
        assertRefused(modify(teen, parent, 4), "link_status", "LINK_STATUS_INVALID");
        assertThat(modify(teen, parent, 3).status()).isEqualTo(200);
        assertRefused(modify(teen, parent, 3), "linked_user_id", "LINK_UNKNOWN");
        assertRefused(modify(teen, newKnownUser(), 3), "linked_user_id", "LINK_UNKNOWN");

        assertThat(linkStatus(parent, teen)).isEqualTo(3);
        assertUserUpdates(parent, 3);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.of("{}", "link_status,linked_user_id"),
                Arguments.of("{\"link_status\": 1, \"linked_user_id\": \"%s\"}", "link_status"),
                Arguments.of("{\"link_status\": 5, \"linked_user_id\": \"%s\"}", "link_status"),
                Arguments.of("{\"link_status\": \"2\", \"linked_user_id\": \"%s\"}", "link_status"),
                Arguments.of("{\"link_status\": 2, \"linked_user_id\": \"me\"}", "linked_user_id"),
                Arguments.of("{\"link_status\": 2}", "linked_user_id"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void aBadBodyNamesTheFieldAndChangesNothing(String body, String fields) {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        requested(parent, teen);

        Response response = as(teen, HttpMethod.PATCH, LINKED_USERS, body.formatted(parent.asString()));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(ErrorPaths.fields(response.body().get("errors"))).containsExactlyInAnyOrder(fields.split(","));
        assertThat(linkStatus(parent, teen)).isEqualTo(1);
        // The probe: a valid answer, whose event must be the teen's second (the request made the first).
        assertThat(modify(teen, parent, 2).status()).isEqualTo(200);
        assertUserUpdates(teen, 2);
    }
}
