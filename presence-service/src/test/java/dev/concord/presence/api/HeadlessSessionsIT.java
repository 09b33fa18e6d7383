package dev.concord.presence.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.presence.PresenceApiSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Headless sessions: an application's one activity for a person, made, replaced with its token, and ended. */
class HeadlessSessionsIT extends PresenceApiSupport {

    private static final Snowflake GAME = Snowflake.of(771926798626357250L);
    private static final String PATH = "/users/@me/headless-sessions";

    private static String activity(String name, String platform) {
        return "{\"activities\": [{\"name\": \"" + name + "\", \"type\": 0, \"application_id\": \"" + GAME.asString()
                + "\", \"platform\": \"" + platform + "\"}]";
    }

    @Test
    void aHeadlessSessionIsMadeReplacedAndEnded() {
        Snowflake gus = newUser();
        Snowflake hana = newUser();
        social().friends(gus.value(), hana.value());
        String app = oauthToken(gus, GAME, "activities.write");

        Response made = call(HttpMethod.POST, PATH, app, activity("Racing", "console_b5") + "}");

        assertThat(made.status()).isEqualTo(200);
        String token = made.body().path("token").asString();
        assertThat(token).hasSizeGreaterThan(40);
        JsonNode shown = made.body().path("activities").get(0);
        assertThat(shown.path("name").asString()).isEqualTo("Racing");
        assertThat(shown.path("session_id").asString()).startsWith("h:");
        String session = shown.path("session_id").asString();
        assertThat(storedSessions(gus)).containsOnlyKeys(session);
        JsonNode replaced = awaitEvent(
                        "SESSIONS_REPLACE", gus, e -> e.path("data").size() == 1)
                .path("data");
        assertThat(replaced.get(0).path("client_info").path("client").asString())
                .isEqualTo("embedded");
        awaitEvent(
                "PRESENCE_UPDATE",
                hana,
                e -> about(e, gus)
                        && e.path("data")
                                .path("client_status")
                                .path("embedded")
                                .asString()
                                .equals("online"));

        Response again =
                call(HttpMethod.POST, PATH, app, activity("Rally", "console_b5") + ", \"token\": \"" + token + "\"}");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body().path("token").asString()).isEqualTo(token);
        assertThat(again.body().path("activities").get(0).path("session_id").asString())
                .isEqualTo(session);
        awaitEvent("SESSIONS_REPLACE", gus, e -> e.path("data")
                .get(0)
                .path("activities")
                .get(0)
                .path("name")
                .asString()
                .equals("Rally"));

        assertThat(call(HttpMethod.POST, PATH + "/delete", app, "{\"token\": \"" + token + "\"}")
                        .status())
                .isEqualTo(204);
        assertThat(storedSessions(gus)).isEmpty();
        awaitEvent("SESSIONS_REPLACE", gus, e -> e.path("data").isEmpty());
        Response noToken = call(HttpMethod.POST, PATH + "/delete", app, "{}");
        assertThat(noToken.status()).isEqualTo(400);
        assertThat(noToken.body().at("/errors/token/_errors/0/code").asString()).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(call(HttpMethod.POST, PATH + "/delete", null, "{\"token\": \"" + token + "\"}")
                        .status())
                .isEqualTo(401);
        Response gone = call(HttpMethod.POST, PATH + "/delete", app, "{\"token\": \"" + token + "\"}");
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body().path("code").asInt()).isEqualTo(10020);
    }

    @Test
    void exactlyOneActivityOfTheCallersApplicationWithItsPlatform() {
        Snowflake ida = newUser();
        String app = oauthToken(ida, GAME, "activities.write");

        Response two = call(
                HttpMethod.POST,
                PATH,
                app,
                "{\"activities\": [{\"name\": \"Go\", \"type\": 0}, {\"name\": \"Chess\", \"type\": 0}]}");
        assertThat(two.status()).isEqualTo(400);
        assertThat(two.body().at("/errors/activities/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");

        Response bare = call(HttpMethod.POST, PATH, app, "{\"activities\": [{\"name\": \"Go\", \"type\": 0}]}");
        assertThat(bare.body()
                        .at("/errors/activities/0/application_id/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(bare.body()
                        .at("/errors/activities/0/platform/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");

        Response foreign = call(
                HttpMethod.POST,
                PATH,
                oauthToken(ida, Snowflake.of(5), "activities.write"),
                activity("Go", "desktop") + "}");
        assertThat(foreign.body()
                        .at("/errors/activities/0/application_id/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        Response unknown = call(HttpMethod.POST, PATH, app, activity("Go", "desktop") + ", \"token\": \"nope\"}");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(storedSessions(ida)).isEmpty();

        assertThat(as(ida, HttpMethod.POST, PATH, activity("Go", "desktop") + "}")
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(
                                HttpMethod.POST,
                                PATH,
                                oauthToken(ida, GAME, "activities.read"),
                                activity("Go", "desktop") + "}")
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(HttpMethod.POST, PATH, null, activity("Go", "desktop") + "}")
                        .status())
                .isEqualTo(401);
        assertThat(storedSessions(ida)).isEmpty();
    }
}
