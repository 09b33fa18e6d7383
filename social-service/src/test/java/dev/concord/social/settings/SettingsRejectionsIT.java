package dev.concord.social.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Requests that must change nothing: wrong callers, invalid values, bodies that are not the right JSON. */
class SettingsRejectionsIT extends SettingsApiSupport {

    static final String VALID = "{\"theme\": \"light\"}";

    @ParameterizedTest
    @ValueSource(strings = {"GET", "PATCH"})
    void onlyAPersonsOwnSessionMayCall(String methodName) {
        HttpMethod method = HttpMethod.valueOf(methodName);
        Snowflake user = newUser();
        String body = method == HttpMethod.PATCH ? VALID : null;

        assertOnlyAPersonsOwnSession(method, PATH, user, body);
        assertThat(call(method, "not-a-token", body).status()).isEqualTo(401);
        assertThat(row(user)).isNull();
    }

    @Test
    void anotherMethodOnTheSettingsPathIs405() {
        assertThat(call(HttpMethod.DELETE, userToken(newUser()), null))
                .isEqualTo(new Response(405, json("{\"message\": \"405: Method Not Allowed\", \"code\": 0}")));
    }

    @Test
    void everyViolationIsNamedInOneBodyAndNothingChanges() {
        Snowflake user = newUser();

        Response response = patch(user, """
                {"theme": "light", "afk_timeout": 30, "status": "offline", "locale": null, "view_nsfw_commands": true,
                 "allow_activity_party_privacy_friends": false, "allow_activity_party_privacy_voice_channel": true,
                 "custom_status": {"text": "hi", "emoji_id": "1", "emoji_name": "x", "expires_at": "2001-01-01T00:00:00Z"},
                 "guild_folders": [{"guild_ids": ["1"], "color": 16777216, "name": "%s"}, {"guild_ids": ["1"]}]}""".formatted("n".repeat(33)));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(response.body().get("message").asString()).isEqualTo("Invalid Form Body");
        assertThat(ErrorPaths.of(response.body().get("errors")))
                .containsOnlyKeys(
                        "afk_timeout",
                        "status",
                        "locale",
                        "view_nsfw_commands",
                        "allow_activity_party_privacy_friends",
                        "allow_activity_party_privacy_voice_channel",
                        "custom_status",
                        "custom_status.expires_at",
                        "guild_folders.0.color",
                        "guild_folders.0.name",
                        "guild_folders.1.guild_ids.0");
        assertThat(response.body().at("/errors/view_nsfw_commands/_errors/0"))
                .isEqualTo(
                        json("{\"code\": \"FIELD_NOT_MODIFIABLE\", \"message\": \"This field cannot be modified.\"}"));
        assertThat(row(user)).isNull();
        assertEventsSoFar(user);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.of("{\"afk_timeout\": \"600\"}", 50035, "afk_timeout"),
                Arguments.of("{\"animate_emoji\": 1}", 50035, "animate_emoji"),
                Arguments.of("{\"animate_emoji\": \"true\"}", 50035, "animate_emoji"),
                Arguments.of("{\"theme\": 1}", 50035, "theme"),
                Arguments.of("{\"theme\": null}", 50035, "theme"),
                Arguments.of("{\"restricted_guilds\": \"1\"}", 50035, "restricted_guilds"),
                Arguments.of("{\"restricted_guilds\": [\"x\"]}", 50035, "restricted_guilds.0"),
                Arguments.of("{\"restricted_guilds\": [-1]}", 50035, "restricted_guilds.0"),
                Arguments.of("{\"custom_status\": \"hi\"}", 50035, "custom_status"),
                Arguments.of("{\"custom_status\": {\"expires_at\": \"tomorrow\"}}", 50035, "custom_status.expires_at"),
                Arguments.of("{\"friend_source_flags\": {\"all\": \"yes\"}}", 50035, "friend_source_flags.all"),
                Arguments.of("{\"friend_source_flags\": []}", 50035, "friend_source_flags"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": [\"1\"], \"id\": \"abc\"}]}",
                        50035,
                        "guild_folders.0.id"),
                Arguments.of("{\"guild_folders\": {}}", 50035, "guild_folders"),
                Arguments.of("{\"guild_folders\": [5]}", 50035, "guild_folders.0"),
                Arguments.of("{\"guild_positions\": [\"x\"]}", 50035, "guild_positions.0"),
                Arguments.of("{\"guild_positions\": [\"1\", \"2\", \"1\"]}", 50035, "guild_positions.2"),
                Arguments.of("{\"guild_positions\": [null]}", 50035, "guild_positions.0"),
                Arguments.of("{\"guild_positions\": null}", 50035, "guild_positions"),
                Arguments.of("{\"guild_positions\": \"1\"}", 50035, "guild_positions"),
                Arguments.of("{\"afk_timeout\": 99999999999999999999}", 50035, "afk_timeout"),
                Arguments.of("{\"theme\": ", 50109, null),
                Arguments.of("not json", 50109, null),
                Arguments.of("[]", 50109, null),
                Arguments.of("null", 50109, null),
                Arguments.of("", 50109, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void aBadBodyIsA400NamingTheFieldAndChangesNothing(String body, int code, String field) {
        Snowflake user = newUser();

        Response response = patch(user, body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(code);
        if (field != null) {
            assertThat(ErrorPaths.of(response.body().get("errors"))).containsOnlyKeys(field);
        }
        assertThat(row(user)).isNull();
        assertEventsSoFar(user);
    }

    @Test
    void aBadPatchLeavesEarlierSettingsAndEventsAlone() {
        Snowflake user = newUser();
        assertThat(patch(user, VALID).status()).isEqualTo(200);
        JsonNode before = get(user).body();

        assertThat(patch(user, "{\"theme\": \"dark\", \"timezone_offset\": 900}")
                        .status())
                .isEqualTo(400);

        assertThat(get(user).body()).isEqualTo(before);
        assertThat(row(user)).isEqualTo(new Row(json(VALID), 1));
        assertEventsSoFar(user, VALID);
    }
}
