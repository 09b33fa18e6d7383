package dev.concord.presence.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.presence.PresenceApiSupport;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Games reported with {@code POST /activities}, summed into the user's statistics and shown to friends when shared. */
class StatisticsApiIT extends PresenceApiSupport {

    @Test
    void reportsAccumulatePlayTimeUnderARenewedToken() {
        Snowflake ann = newUser();
        Snowflake ben = newUser();
        social().friends(ann.value(), ben.value());
        Snowflake game = knownApplication("Chess", List.of());
        String app = "\"application_id\": \"" + game.asString() + "\"";

        Response started = as(ann, HttpMethod.POST, "/activities", "{" + app + ", \"distributor\": \"discord\"}");
        assertThat(started.status()).isEqualTo(200);
        String first = started.body().path("token").asString();
        Response later = as(
                ann,
                HttpMethod.POST,
                "/activities",
                "{" + app + ", \"token\": \"" + first + "\", \"duration\": 600, \"distributor\": \"discord\", "
                        + "\"exe_path\": \"chess.exe\"}");
        String second = later.body().path("token").asString();
        assertThat(second).isNotEqualTo(first);
        as(
                ann,
                HttpMethod.POST,
                "/activities",
                "{" + app + ", \"token\": \"" + second + "\", \"duration\": 300, " + "\"closed\": true}");
        // A closed session's token starts a new one.
        as(
                ann,
                HttpMethod.POST,
                "/activities",
                "{" + app + ", \"token\": \"" + second + "\", \"duration\": 60, " + "\"share_activity\": false}");

        assertThat(count("SELECT count(*) FROM play_sessions WHERE user_id = " + ann.value()))
                .isEqualTo(2);
        JsonNode mine = as(ann, HttpMethod.GET, "/users/@me/activities/statistics/applications", null)
                .body();
        assertThat(mine).hasSize(1);
        assertThat(mine.get(0).path("application_id").asString()).isEqualTo(game.asString());
        assertThat(mine.get(0).path("total_duration").asLong()).isEqualTo(960);
        assertThat(mine.get(0).path("total_platform_sku_duration").asLong()).isEqualTo(600);
        assertThat(mine.get(0).path("first_played_at").asString()).isNotEmpty();

        JsonNode recent = as(ben, HttpMethod.GET, "/activities?with_users=true&with_applications=true", null)
                .body();
        assertThat(recent).hasSize(1);
        assertThat(recent.get(0).path("user_id").asString()).isEqualTo(ann.asString());
        assertThat(recent.get(0).path("duration").asLong())
                .as("the unshared minute left out")
                .isEqualTo(900);
        assertThat(recent.get(0).path("application").path("name").asString()).isEqualTo("Chess");
        assertThat(recent.get(0).path("user").path("id").asString()).isEqualTo(ann.asString());
        assertThat(as(ben, HttpMethod.GET, "/activities", null).body().get(0).has("user"))
                .isFalse();

        JsonNode ofGame = as(ben, HttpMethod.GET, "/activities/statistics/applications/" + game.asString(), null)
                .body();
        assertThat(ofGame).hasSize(1);
        assertThat(ofGame.get(0).path("total_duration").asLong()).isEqualTo(900);
        assertThat(as(newUser(), HttpMethod.GET, "/activities/statistics/applications/" + game.asString(), null)
                        .body())
                .isEmpty();
    }

    @Test
    void badReportsAreRefusedAndChangeNothing() {
        Snowflake cat = newUser();
        Snowflake game = knownApplication("Go", List.of());
        String app = "\"application_id\": \"" + game.asString() + "\"";

        Response refused = as(
                cat,
                HttpMethod.POST,
                "/activities",
                "{" + app + ", \"duration\": 1801, \"exe_path\": \"" + "x".repeat(129) + "\"}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().at("/errors/duration/_errors/0/code").asString())
                .isEqualTo("NUMBER_TYPE_MAX");
        assertThat(refused.body().at("/errors/exe_path/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(as(cat, HttpMethod.POST, "/activities", "{}")
                        .body()
                        .at("/errors/application_id/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        Response unknown = as(cat, HttpMethod.POST, "/activities", "{\"application_id\": \"42\"}");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().path("code").asInt()).isEqualTo(10002);
        assertThat(count("SELECT count(*) FROM play_statistics WHERE user_id = " + cat.value()))
                .isZero();

        assertThat(call(HttpMethod.POST, "/activities", null, "{" + app + "}").status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.POST, "/activities", botToken(cat), "{" + app + "}")
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(call(HttpMethod.POST, "/activities", oauthToken(cat, "activities.write"), "{" + app + "}")
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(HttpMethod.GET, "/activities", oauthToken(cat, "activities.read"), null)
                        .status())
                .isEqualTo(200);
        assertThat(call(HttpMethod.GET, "/activities", oauthToken(cat, "identify"), null)
                        .status())
                .isEqualTo(403);
        assertThat(count("SELECT count(*) FROM play_sessions WHERE user_id = " + cat.value()))
                .isZero();

        for (String read : new String[] {
            "/activities", "/users/@me/activities/statistics/applications", "/activities/statistics/applications/1"
        }) {
            assertThat(call(HttpMethod.GET, read, null, null).status()).as(read).isEqualTo(401);
            assertThat(call(HttpMethod.GET, read, botToken(cat), null)
                            .body()
                            .path("code")
                            .asInt())
                    .as(read)
                    .isEqualTo(20001);
        }
        assertThat(call(
                                HttpMethod.GET,
                                "/users/@me/activities/statistics/applications",
                                oauthToken(cat, "activities.read"),
                                null)
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50001);
        Response badId = as(cat, HttpMethod.GET, "/activities/statistics/applications/x", null);
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.body().path("code").asInt()).isEqualTo(50035);
    }

    private long count(String sql) {
        Long found = db.sql(sql).map(row -> row.get(0, Long.class)).one().block(Duration.ofSeconds(5));
        return found == null ? 0 : found;
    }
}
