package dev.concord.presence.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.presence.PresenceApiSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** {@code GET /presences} and the launcher's {@code POST /presences}. */
class PresencesApiIT extends PresenceApiSupport {

    private static final Snowflake LAUNCHER = Snowflake.parse("567994086452363286");

    @Test
    void friendsPresencesWithTheApplicationsTheyName() {
        Snowflake alice = newUser();
        Snowflake bob = newUser();
        Snowflake carol = newUser();
        social().friends(alice.value(), bob.value());
        social().friends(alice.value(), carol.value());
        Snowflake game = knownApplication("Chess", List.of());
        open(
                "gw-a",
                newSessionId(),
                bob,
                "{}",
                "{\"status\": \"idle\", \"activities\": [{\"name\": \"Chess\", " + "\"type\": 0, \"application_id\": \""
                        + game.asString() + "\"}]}");
        String carols = newSessionId();
        open("gw-a", carols, carol, "{}", "{\"status\": \"online\"}");
        close("gw-a", carols, carol);

        Response listed = as(alice, HttpMethod.GET, "/presences", null);

        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.body().path("guilds")).isEmpty();
        assertThat(listed.body().path("presences")).hasSize(1);
        JsonNode presence = listed.body().path("presences").get(0);
        assertThat(presence.path("user").path("id").asString()).isEqualTo(bob.asString());
        assertThat(presence.path("status").asString()).isEqualTo("idle");
        assertThat(listed.body().path("applications")).hasSize(1);
        assertThat(listed.body().path("applications").get(0).path("id").asString())
                .isEqualTo(game.asString());
        assertThat(listed.body().path("applications").get(0).path("name").asString())
                .isEqualTo("Chess");

        assertThat(call(HttpMethod.GET, "/presences", null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/presences", botToken(alice), null)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(call(HttpMethod.GET, "/presences", oauthToken(alice, "identify"), null)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(HttpMethod.GET, "/presences", oauthToken(alice, "activities.read"), null)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void theLauncherShowsItsGameAsAMobileSessionOnceTheGameIsKnown() {
        Snowflake dan = newUser();
        Snowflake eve = newUser();
        social().friends(dan.value(), eve.value());
        String launcher = oauthToken(dan, LAUNCHER, "activities.write");
        String body = "{\"package_name\": \"com.example.chess" + dan.asString() + "\", \"update\": \"START\"}";

        Response notYet = call(HttpMethod.POST, "/presences", launcher, body);
        assertThat(notYet.status()).isEqualTo(202);
        assertThat(notYet.body().path("code").asInt()).isEqualTo(110001);
        assertThat(notYet.body().path("retry_after").asLong()).isEqualTo(4000);
        assertThat(notYet.body().path("message").asString()).isNotEmpty();
        assertThat(storedSessions(dan)).isEmpty();

        Snowflake game = knownApplication(
                "Mobile Chess",
                List.of(Map.of("id", "1", "sku", "com.example.chess" + dan.asString(), "distributor", "google_play")));
        Response started = await().atMost(Duration.ofSeconds(15))
                .until(() -> call(HttpMethod.POST, "/presences", launcher, body), answer -> answer.status() != 202);
        assertThat(started.status()).isEqualTo(204);

        JsonNode sessions = awaitEvent(
                        "SESSIONS_REPLACE", dan, e -> e.path("data").size() == 1)
                .path("data");
        assertThat(sessions.get(0).path("session_id").asString()).isEqualTo("launcher");
        assertThat(sessions.get(0).path("client_info").path("client").asString())
                .isEqualTo("mobile");
        JsonNode activity = sessions.get(0).path("activities").get(0);
        assertThat(activity.path("platform").asString()).isEqualTo("vendor_a");
        assertThat(activity.path("application_id").asString()).isEqualTo(game.asString());
        JsonNode seen = awaitEvent("PRESENCE_UPDATE", eve, e -> about(e, dan));
        assertThat(seen.path("data").path("client_status").path("mobile").asString())
                .isEqualTo("online");
        assertThat(storedSessions(dan)).containsOnlyKeys("launcher");

        assertThat(call(HttpMethod.POST, "/presences", launcher, "{\"package_name\": \"x\", \"update\": \"STOP\"}")
                        .status())
                .isEqualTo(204);
        awaitEvent(
                "PRESENCE_UPDATE",
                eve,
                e -> about(e, dan) && e.path("data").path("status").asString().equals("offline"));
        assertThat(storedSessions(dan)).isEmpty();
    }

    @Test
    void theLauncherAloneAndGoodBodiesOnly() {
        Snowflake fay = newUser();
        String body = "{\"package_name\": \"com.example.go\"}";
        assertThat(call(HttpMethod.POST, "/presences", oauthToken(fay, Snowflake.of(42), "activities.write"), body)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(HttpMethod.POST, "/presences", botToken(fay), body)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(call(HttpMethod.POST, "/presences", null, body).status()).isEqualTo(401);

        Response refused = as(fay, HttpMethod.POST, "/presences", "{\"update\": \"PAUSE\"}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().at("/errors/package_name/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(refused.body().at("/errors/update/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(storedSessions(fay)).isEmpty();
    }
}
