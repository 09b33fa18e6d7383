package dev.concord.guild.guilds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** What the guild endpoints refuse, with the platform's errors, and that a refusal changes nothing. */
class GuildRejectionsIT extends GuildApiSupport {

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.of("{}", "name", "BASE_TYPE_REQUIRED"),
                Arguments.of("{\"name\": null}", "name", "BASE_TYPE_REQUIRED"),
                Arguments.of("{\"name\": \" a \"}", "name", "BASE_TYPE_BAD_LENGTH"),
                Arguments.of("{\"name\": \"" + "x".repeat(101) + "\"}", "name", "BASE_TYPE_BAD_LENGTH"),
                Arguments.of(
                        "{\"name\": \"ok\", \"verification_level\": 5}", "verification_level", "BASE_TYPE_CHOICES"),
                Arguments.of(
                        "{\"name\": \"ok\", \"default_message_notifications\": 2}",
                        "default_message_notifications",
                        "BASE_TYPE_CHOICES"),
                Arguments.of(
                        "{\"name\": \"ok\", \"explicit_content_filter\": 3}",
                        "explicit_content_filter",
                        "BASE_TYPE_CHOICES"),
                Arguments.of("{\"name\": \"ok\", \"afk_timeout\": 61}", "afk_timeout", "BASE_TYPE_CHOICES"),
                Arguments.of(
                        "{\"name\": \"ok\", \"system_channel_flags\": 64}",
                        "system_channel_flags",
                        "BASE_TYPE_BAD_FLAGS"),
                Arguments.of("{\"name\": \"ok\", \"icon\": \"data:image/png;base64,@@@\"}", "icon", "IMAGE_INVALID"),
                Arguments.of("{\"name\": \"ok\", \"icon\": \"https://example.com/a.png\"}", "icon", "IMAGE_INVALID"),
                Arguments.of("{\"name\": \"ok\", \"roles\": [{\"id\": 0}]}", "roles", "UNSUPPORTED"),
                Arguments.of("{\"name\": \"ok\", \"channels\": [{\"name\": \"a\"}]}", "channels", "UNSUPPORTED"));
    }

    @ParameterizedTest
    @MethodSource("badBodies")
    void aBadBodyIsRefusedFieldByFieldAndNothingIsCreated(String body, String field, String code) {
        Snowflake user = newUser("bad");

        Response response = createGuild(user, body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        JsonNode errors = response.body().get("errors").get(field).get("_errors");
        assertThat(errors.get(0).get("code").asString()).isEqualTo(code);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", user))
                .isZero();
        assertThat(get(user, "/users/@me/guilds").body()).isEmpty();
    }

    @Test
    void malformedJsonIsRefused() {
        Response response = createGuild(newUser("json"), "{\"name\": ");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50109);
    }

    @Test
    void everyEndpointNeedsAToken() {
        for (var call : new String[][] {{"POST", "/guilds"}, {"GET", "/guilds/1"}, {"GET", "/users/@me/guilds"}}) {
            Response response = call(
                    HttpMethod.valueOf(call[0]), call[1], null, call[0].equals("POST") ? "{\"name\": \"x\"}" : null);
            assertThat(response.status()).as(call[1]).isEqualTo(401);
            assertThat(response.body()).isEqualTo(json("{\"message\": \"401: Unauthorized\", \"code\": 0}"));
        }
    }

    @Test
    void botsCannotCreateGuildsAndApplicationsNeedTheGuildsScope() {
        Snowflake user = newUser("kinds");

        Response bot = call(HttpMethod.POST, "/guilds", botToken(user), "{\"name\": \"Bot guild\"}");
        Response unscoped = call(HttpMethod.GET, "/users/@me/guilds", oauthToken(user, "identify"), null);
        Response oauthGuild = call(HttpMethod.GET, "/guilds/1", oauthToken(user, "guilds"), null);

        assertThat(bot.status()).isEqualTo(403);
        assertThat(bot.body().get("code").asInt()).isEqualTo(20001);
        assertThat(unscoped.status()).isEqualTo(403);
        assertThat(unscoped.body().get("code").asInt()).isEqualTo(50001);
        assertThat(oauthGuild.status()).isEqualTo(403);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", user))
                .isZero();
    }

    @Test
    void pagingLimitsAreChecked() {
        Snowflake user = newUser("pager");
        for (String query : new String[] {"limit=0", "limit=201", "limit=ten", "after=x"}) {
            Response response = get(user, "/users/@me/guilds?" + query);
            assertThat(response.status()).as(query).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(query).isEqualTo(50035);
        }
    }
}
