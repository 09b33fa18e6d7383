package dev.concord.presence.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.presence.PresenceApiSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** An activity's metadata and its party's join secret: never in presence updates, given to those the party admits. */
class ActivityLookupIT extends PresenceApiSupport {

    private static final Snowflake GAME = Snowflake.of(661926798626357250L);
    private static final Snowflake QUIZ = Snowflake.of(661926798626357251L);

    private String presence(long flags) {
        return "{\"status\": \"online\", \"activities\": ["
                + "{\"name\": \"Game\", \"type\": 0, \"application_id\": \"" + GAME.asString() + "\", \"flags\": "
                + flags
                + ", \"party\": {\"id\": \"p1\", \"size\": [1, 4]}, \"secrets\": {\"join\": \"s3cret\"},"
                + " \"metadata\": {\"button_urls\": [\"https://example.com\"]}},"
                + "{\"name\": \"Quiz\", \"type\": 0, \"application_id\": \"" + QUIZ.asString() + "\"},"
                + "{\"name\": \"Music\", \"type\": 2, \"metadata\": {\"album_id\": \"a1\"}}]}";
    }

    @Test
    void metadataForThoseWhoSeeThePresence() {
        Snowflake uma = newUser();
        Snowflake vic = newUser();
        social().friends(uma.value(), vic.value());
        String session = newSessionId();
        open("gw-a", session, uma, "{}", presence((1 << 1) | (1 << 6)));
        JsonNode update = awaitEvent("PRESENCE_UPDATE", vic, e -> about(e, uma));
        assertThat(update.path("data").path("activities").get(0).has("secrets")).isFalse();
        assertThat(update.path("data").path("activities").get(0).has("metadata"))
                .isFalse();
        String base = "/users/" + uma.asString() + "/sessions/";

        Response metadata =
                as(vic, HttpMethod.GET, base + session + "/activities/" + GAME.asString() + "/metadata", null);
        assertThat(metadata.status()).isEqualTo(200);
        assertThat(metadata.body().path("button_urls").get(0).asString()).isEqualTo("https://example.com");
        assertThat(as(vic, HttpMethod.GET, base + "all/activities/" + GAME.asString() + "/metadata", null)
                        .status())
                .isEqualTo(200);
        assertThat(as(vic, HttpMethod.GET, base + "null/activities/0/metadata", null)
                        .body()
                        .path("album_id")
                        .asString())
                .isEqualTo("a1");
        assertThat(as(vic, HttpMethod.GET, base + session + "/activities/" + QUIZ.asString() + "/metadata", null)
                        .status())
                .isEqualTo(204);
        Response unknown = as(vic, HttpMethod.GET, base + "nope/activities/" + GAME.asString() + "/metadata", null);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().path("code").asInt()).isEqualTo(10020);
        assertThat(as(newUser(), HttpMethod.GET, base + session + "/activities/" + GAME.asString() + "/metadata", null)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(HttpMethod.GET, base + session + "/activities/" + GAME.asString() + "/metadata", null, null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void theJoinSecretGoesWhereThePartyAdmits() {
        Snowflake wyn = newUser();
        Snowflake xia = newUser();
        Snowflake affine = newUser();
        social().friends(wyn.value(), xia.value());
        social().watches(affine.value(), wyn.value());
        String session = newSessionId();
        open("gw-a", session, wyn, "{}", presence((1 << 1) | (1 << 6)));
        String game = "/users/" + wyn.asString() + "/sessions/" + session + "/activities/" + GAME.asString();

        assertThat(as(xia, HttpMethod.GET, game + "/1", null)
                        .body()
                        .path("secret")
                        .asString())
                .isEqualTo("s3cret");
        assertThat(as(xia, HttpMethod.GET, game + "/5", null)
                        .body()
                        .path("secret")
                        .asString())
                .isEqualTo("s3cret");
        assertThat(as(wyn, HttpMethod.GET, game + "/1", null).status()).isEqualTo(200);
        assertThat(call(HttpMethod.GET, game + "/1", oauthToken(xia, "activities.read"), null)
                        .status())
                .isEqualTo(200);
        assertThat(call(HttpMethod.GET, game + "/1", oauthToken(xia, "identify"), null)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(as(affine, HttpMethod.GET, game + "/1", null)
                        .body()
                        .path("code")
                        .asInt())
                .as("an implicit relationship sees the presence but is not a friend")
                .isEqualTo(50001);
        Response spectate = as(xia, HttpMethod.GET, game + "/2", null);
        assertThat(spectate.status()).isEqualTo(400);
        assertThat(spectate.body()
                        .at("/errors/activity_action_type/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(as(xia, HttpMethod.GET, game + "/1?channel_id=1&message_id=2", null)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(10008);
        assertThat(call(HttpMethod.GET, game + "/1", null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, game + "/1", botToken(xia), null)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(20001);
        Response badUser = as(xia, HttpMethod.GET, "/users/x/sessions/" + session + "/activities/1/1", null);
        assertThat(badUser.status()).isEqualTo(400);
        assertThat(badUser.body().path("code").asInt()).isEqualTo(50035);

        // Without the JOIN flag, or with a party open to no one, no secret.
        update("gw-a", session, wyn, presence(1 << 6));
        assertThat(as(xia, HttpMethod.GET, game + "/1", null).status()).isEqualTo(403);
        update("gw-a", session, wyn, presence(1 << 1));
        assertThat(as(xia, HttpMethod.GET, game + "/1", null).status()).isEqualTo(403);
        update("gw-a", session, wyn, presence((1 << 3) | (1 << 6)));
        assertThat(as(xia, HttpMethod.GET, game + "/5", null).status())
                .as("JOIN_REQUEST alone admits a join request")
                .isEqualTo(200);
        assertThat(as(xia, HttpMethod.GET, game + "/1", null).status()).isEqualTo(403);
    }
}
