package dev.concord.presence.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.presence.PresenceApiSupport;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** The gateway's sessions: opened with a presence, changed by op 3, closed; each told to the user and their friends. */
class GatewaySessionsIT extends PresenceApiSupport {

    private static final String DESKTOP = "{\"os\": \"Linux\", \"browser\": \"Discord Client\"}";
    private static final String MOBILE = "{\"os\": \"Android\", \"browser\": \"Discord Android\"}";
    private static final String PLAYING =
            "{\"status\": \"online\", \"since\": 0, \"afk\": false, \"activities\": [{\"name\": \"Chess\", \"type\": 0}]}";

    @Test
    void aSessionOpensWithItsPresenceAndFriendsAreTold() {
        Snowflake alice = newUser();
        Snowflake bob = newUser();
        social().friends(alice.value(), bob.value());
        String session = newSessionId();

        Response opened = open("gw-a", session, alice, DESKTOP, PLAYING);

        assertThat(opened.status()).isEqualTo(200);
        JsonNode own = opened.body().path("sessions");
        assertThat(own).hasSize(1);
        assertThat(own.get(0).path("session_id").asString()).isEqualTo(session);
        assertThat(own.get(0).path("client_info").toString())
                .isEqualTo("{\"client\":\"desktop\",\"os\":\"linux\",\"version\":0}");
        assertThat(own.get(0).path("status").asString()).isEqualTo("online");
        JsonNode activity = own.get(0).path("activities").get(0);
        assertThat(activity.path("name").asString()).isEqualTo("Chess");
        assertThat(activity.path("id").asString()).matches("[0-9a-f]{16}");
        assertThat(activity.path("session_id").asString()).isEqualTo(session);
        assertThat(activity.path("created_at").asLong()).isPositive();
        assertThat(opened.body().path("presences")).isEmpty();
        assertThat(storedSessions(alice)).containsOnlyKeys(session);
        assertThat(storedSessions(alice).get(session)).startsWith("gw-a\n");

        JsonNode replaced = awaitEvent("SESSIONS_REPLACE", alice, e -> true);
        assertThat(replaced.path("data").get(0).path("session_id").asString()).isEqualTo(session);
        JsonNode update = awaitEvent("PRESENCE_UPDATE", bob, e -> about(e, alice));
        assertThat(update.path("data").path("status").asString()).isEqualTo("online");
        assertThat(update.path("data").path("client_status").toString()).isEqualTo("{\"desktop\":\"online\"}");
        assertThat(update.path("data").path("activities").get(0).path("name").asString())
                .isEqualTo("Chess");
        assertThat(update.path("data").has("guild_id")).isFalse();

        // Bob's own session opens: READY shows him Alice as she is.
        Response bobs = open("gw-a", newSessionId(), bob, MOBILE, "{\"status\": \"idle\"}");
        assertThat(bobs.body().path("presences")).hasSize(1);
        assertThat(bobs.body().path("presences").get(0).path("user").path("id").asString())
                .isEqualTo(alice.asString());
    }

    @Test
    void theOverallPresenceIsTheStrongestSessionsAndInvisibleShowsOffline() {
        Snowflake carol = newUser();
        Snowflake dave = newUser();
        social().friends(carol.value(), dave.value());
        String desktop = newSessionId();
        String phone = newSessionId();
        open("gw-a", desktop, carol, DESKTOP, "{\"status\": \"idle\", \"afk\": true}");
        awaitEvent("PRESENCE_UPDATE", dave, e -> about(e, carol) && status(e).equals("idle"));

        open("gw-b", phone, carol, MOBILE, "{\"status\": \"online\"}");
        JsonNode both = awaitEvent(
                "PRESENCE_UPDATE", dave, e -> about(e, carol) && status(e).equals("online"));
        assertThat(both.path("data").path("client_status").toString())
                .isEqualTo("{\"desktop\":\"idle\",\"mobile\":\"online\"}");
        JsonNode sessions = awaitEvent(
                        "SESSIONS_REPLACE", carol, e -> e.path("data").size() == 3)
                .path("data");
        assertThat(sessions.get(2).path("session_id").asString()).isEqualTo("all");
        assertThat(sessions.get(2).path("client_info").path("client").asString())
                .isEqualTo("unknown");

        assertThat(outcome(update("gw-b", phone, carol, "{\"status\": \"dnd\"}")))
                .isEqualTo("applied");
        awaitEvent("PRESENCE_UPDATE", dave, e -> about(e, carol) && status(e).equals("dnd"));

        update("gw-a", desktop, carol, "{\"status\": \"invisible\"}");
        update("gw-b", phone, carol, "{\"status\": \"invisible\", \"activities\": [{\"name\": \"Go\", \"type\": 0}]}");
        JsonNode hidden = awaitEvent(
                "PRESENCE_UPDATE", dave, e -> about(e, carol) && status(e).equals("offline"));
        assertThat(hidden.path("data").path("activities")).isEmpty();
        assertThat(hidden.path("data").path("client_status").size()).isZero();
    }

    @Test
    void aClosedSessionTakesItsPresenceWithIt() {
        Snowflake erin = newUser();
        Snowflake frank = newUser();
        social().friends(erin.value(), frank.value());
        String session = newSessionId();
        open("gw-a", session, erin, DESKTOP, PLAYING);
        awaitEvent("PRESENCE_UPDATE", frank, e -> about(e, erin) && status(e).equals("online"));

        // Another instance cannot end what it does not hold.
        assertThat(close("gw-b", session, erin)).isEqualTo(new Response(204, null));
        assertThat(storedSessions(erin)).containsOnlyKeys(session);

        assertThat(close("gw-a", session, erin).status()).isEqualTo(204);
        awaitEvent("PRESENCE_UPDATE", frank, e -> about(e, erin) && status(e).equals("offline"));
        assertThat(storedSessions(erin)).isEmpty();
        assertThat(outcome(update("gw-a", session, erin, "{\"status\": \"online\"}")))
                .isEqualTo("unknown_session");
    }

    @Test
    void aBadPresenceIsRefusedWithTheFieldNamedAndChangesNothing() {
        Snowflake gina = newUser();
        String session = newSessionId();
        open("gw-a", session, gina, DESKTOP, PLAYING);
        String before = storedSessions(gina).get(session);

        Response refused = update(
                "gw-a",
                session,
                gina,
                "{\"status\": \"away\", \"activities\": [{\"name\": \"x\", \"type\": 9, \"url\": \"ftp://a\"}]}");

        assertThat(outcome(refused)).isEqualTo("invalid");
        JsonNode errors = refused.body().path("errors").path("0").path("presence");
        assertThat(errors.path("status").path("_errors").get(0).path("code").asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        JsonNode activity = errors.path("activities").path("0");
        assertThat(activity.path("name").path("_errors").get(0).path("code").asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(activity.path("type").path("_errors").get(0).path("code").asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(activity.path("url").path("_errors").get(0).path("code").asString())
                .isEqualTo("URL_TYPE_INVALID_URL");
        assertThat(storedSessions(gina).get(session)).isEqualTo(before);
    }

    @Test
    void opThreesSentTogetherAreEachAppliedOnTheirOwnAndAnsweredInOrder() {
        Snowflake lena = newUser();
        Snowflake mo = newUser();
        social().friends(lena.value(), mo.value());
        String lenas = newSessionId();
        String mos = newSessionId();
        open("gw-a", lenas, lena, DESKTOP, PLAYING);
        open("gw-a", mos, mo, DESKTOP, PLAYING);
        String mosBefore = storedSessions(mo).get(mos);

        Response answer = updates(
                "gw-a",
                "[" + updateItem(lenas, lena, "{\"status\": \"idle\"}") + ", "
                        + updateItem(newSessionId(), lena, "{\"status\": \"dnd\"}") + ", "
                        + updateItem(mos, mo, "{\"status\": \"busy\"}") + "]");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().path("outcomes").toString())
                .isEqualTo("[\"applied\",\"unknown_session\",\"invalid\"]");
        assertThat(answer.body().path("errors").propertyNames()).containsExactly("2");
        assertThat(firstErrorCode(answer, "2", "presence", "status")).isEqualTo("BASE_TYPE_CHOICES");
        awaitEvent("PRESENCE_UPDATE", mo, e -> about(e, lena) && status(e).equals("idle"));
        assertThat(storedSessions(lena)).containsOnlyKeys(lenas);
        assertThat(storedSessions(lena).get(lenas)).contains("\"status\":\"idle\"");
        assertThat(storedSessions(mo).get(mos)).isEqualTo(mosBefore);
    }

    @Test
    void aBatchOfOpThreesOutOfShapeIsRefusedWholeWithTheFieldNamed() {
        Snowflake nia = newUser();
        String session = newSessionId();
        open("gw-a", session, nia, DESKTOP, PLAYING);
        String before = storedSessions(nia).get(session);
        String idle = "{\"status\": \"idle\"}";

        Response empty = updates("gw-a", "[]");
        Response noSession = updates(
                "gw-a",
                "[" + updateItem(session, nia, idle) + ", {\"user_id\": \"" + nia.asString() + "\", \"presence\": "
                        + idle + "}]");
        Response badSession = updates("gw-a", "[" + updateItem("no spaces", nia, idle) + "]");
        Response tooMany = updates(
                "gw-a", "[" + String.join(", ", Collections.nCopies(257, updateItem(session, nia, idle))) + "]");

        assertThat(List.of(empty, noSession, badSession, tooMany))
                .allSatisfy(refused ->
                        assertThat(refused.body().path("code").asInt()).isEqualTo(50035))
                .extracting(Response::status)
                .containsOnly(400);
        assertThat(firstErrorCode(empty, "updates")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(firstErrorCode(noSession, "updates", "1", "session_id")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(firstErrorCode(badSession, "updates", "0", "session_id")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(firstErrorCode(tooMany, "updates")).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(storedSessions(nia).get(session))
                .as("the valid op 3 beside them not applied either")
                .isEqualTo(before);
    }

    @Test
    void aSessionOpensWhenSocialServiceCannotSayWhoElseToTell() {
        Snowflake kai = newUser();
        social().failPresenceAudience(kai.value());
        String session = newSessionId();

        Response opened = open("gw-a", session, kai, DESKTOP, "{\"status\": \"unknown\"}");

        assertThat(opened.status()).isEqualTo(200);
        assertThat(opened.body().path("sessions").get(0).path("status").asString())
                .isEqualTo("online");
        assertThat(opened.body().path("presences")).isEmpty();
        assertThat(storedSessions(kai)).containsOnlyKeys(session);
        awaitEvent("SESSIONS_REPLACE", kai, e -> true);
    }

    @Test
    void onlyTheInternalCredentialIsAnswered() {
        Snowflake hal = newUser();
        String path = "/internal/gateway-instances/gw-a/sessions/" + newSessionId();
        String body = "{\"user_id\": \"" + hal.asString() + "\"}";
        assertThat(call(HttpMethod.PUT, path, null, body).status()).isEqualTo(401);
        assertThat(call(HttpMethod.PUT, path, userToken(hal), body).status()).isEqualTo(401);
        String updates = "/internal/gateway-instances/gw-a/presence-updates";
        String update = "{\"updates\": [" + updateItem(newSessionId(), hal, "{\"status\": \"idle\"}") + "]}";
        assertThat(call(HttpMethod.POST, updates, null, update).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, updates, userToken(hal), update).status())
                .isEqualTo(401);
        assertThat(storedSessions(hal)).isEmpty();
    }

    @Test
    void aDeadInstancesSessionsGoOfflineAndComeBackWhenResumedElsewhere() {
        Snowflake ivan = newUser();
        Snowflake judy = newUser();
        social().friends(ivan.value(), judy.value());
        String instance = "gw-dying-" + ivan.asString();
        String session = newSessionId();
        assertThat(lease(instance, 1000)).isFalse();
        assertThat(lease(instance, 1000)).isTrue();
        open(instance, session, ivan, DESKTOP, PLAYING);
        awaitEvent("PRESENCE_UPDATE", judy, e -> about(e, ivan) && status(e).equals("online"));

        // No renewal: within the lease and a sweep, Ivan is gone for Judy.
        JsonNode gone = awaitEvent(
                "PRESENCE_UPDATE", judy, e -> about(e, ivan) && status(e).equals("offline"));
        assertThat(storedSessions(ivan)).isEmpty();

        Response claimed = internal(
                HttpMethod.POST,
                "/internal/gateway-instances/gw-heir/sessions/" + session + "/claim",
                "{\"user_id\": \"" + ivan.asString() + "\"}");
        assertThat(claimed).isEqualTo(new Response(204, null));
        JsonNode back = awaitEvent(
                "PRESENCE_UPDATE", judy, e -> about(e, ivan) && status(e).equals("online") && after(e, gone));
        assertThat(back.path("data").path("activities").get(0).path("name").asString())
                .isEqualTo("Chess");
        assertThat(storedSessions(ivan).get(session)).startsWith("gw-heir\n");
        assertThat(internal(
                                HttpMethod.POST,
                                "/internal/gateway-instances/gw-heir/sessions/" + newSessionId() + "/claim",
                                "{\"user_id\": \"" + ivan.asString() + "\"}")
                        .status())
                .isEqualTo(404);
    }

    /** The code of the first 50035 error at {@code path} under the answer's {@code errors}. */
    private static String firstErrorCode(Response answer, String... path) {
        JsonNode node = answer.body().path("errors");
        for (String step : path) {
            node = node.path(step);
        }
        return node.path("_errors").path(0).path("code").asString();
    }

    private static String status(JsonNode event) {
        return event.path("data").path("status").asString();
    }

    /** Published after {@code earlier} (event ids grow with time). */
    private static boolean after(JsonNode event, JsonNode earlier) {
        return event.path("id").asLong() > earlier.path("id").asLong();
    }
}
