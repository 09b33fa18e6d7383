package dev.concord.social.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** User guild settings requests that must change nothing: wrong callers, bad ids, bad values, too much. */
class GuildSettingsRejectionsIT extends NotificationApiSupport {

    /** Some earlier settings a rejected request must leave as they are. */
    Row before(Snowflake user) {
        assertThat(patchGuild(user, GUILD, "{\"muted\": true}").status()).isEqualTo(200);
        return row(user, GUILD);
    }

    void assertNothingChanged(Snowflake user, Row before) {
        assertThat(row(user, GUILD)).isEqualTo(before);
        assertThat(rowCount("user_guild_settings", user)).isEqualTo(1);
        assertThat(eventsSoFar(user)).hasSize(1);
    }

    static String overrides(int from, int count) {
        return IntStream.range(from, from + count)
                .mapToObj(i -> "\"" + (1000 + i) + "\": {\"muted\": true}")
                .collect(Collectors.joining(",", "{", "}"));
    }

    @Test
    void onlyAPersonsOwnSessionMayCall() {
        Snowflake user = newMember();
        for (String path : new String[] {guildPath(GUILD), guildPath("@me"), BULK}) {
            String body = path.equals(BULK) ? "{\"guilds\": {}}" : "{\"muted\": true}";
            assertOnlyAPersonsOwnSession(HttpMethod.PATCH, path, user, body);
        }
        assertThat(rowCount("user_guild_settings", user)).isZero();
        assertThat(eventsSoFar(user)).isEmpty();
    }

    @Test
    void aGuildTheUserIsNotInIsUnknownAndNothingIsStored() {
        Snowflake user = newUser();
        String elsewhere = "290926798626357001";
        join(user, GUILD);
        Row before = before(user);
        JsonNode unknownGuild = json("{\"message\": \"Unknown Guild\", \"code\": 10004}");

        assertThat(patchGuild(user, OTHER_GUILD, "{\"muted\": true}")).isEqualTo(new Response(404, unknownGuild));
        assertThat(as(user, HttpMethod.PATCH, BULK, """
                        {"guilds": {"%s": {"muted": false}, "%s": {"muted": true}}}""".formatted(GUILD, elsewhere)))
                .as("one guild the user is not in fails the whole bulk change")
                .isEqualTo(new Response(404, unknownGuild));
        assertNothingChanged(user, before);

        join(user, OTHER_GUILD);
        assertThat(patchGuild(user, OTHER_GUILD, "{\"muted\": true}").status())
                .as("once the membership is known")
                .isEqualTo(200);
        assertThat(patchGuild(user, "@me", "{\"muted\": true}").status())
                .as("private channels are no guild")
                .isEqualTo(200);
    }

    @Test
    void aGuildIdThatIsNotASnowflakeIsNamed() {
        Snowflake user = newMember();
        Row before = before(user);

        for (String id : new String[] {"abc", "0", "-1", "@you"}) {
            Response response = patchGuild(user, id, "{\"muted\": false}");
            assertThat(response.status()).isEqualTo(400);
            assertThat(ErrorPaths.of(response.body().get("errors"))).containsOnlyKeys("guild_id");
        }
        assertNothingChanged(user, before);
    }

    @Test
    void everyViolationIsNamedInOneBody() {
        Snowflake user = newMember();
        Row before = before(user);

        Response response = patchGuild(user, GUILD, """
                {"muted": false, "message_notifications": 4, "flags": 512, "notify_highlights": 3, "suppress_roles": 2,
                 "suppress_everyone": "yes", "mobile_push": null, "mute_config": {"selected_time_window": 0},
                 "channel_overrides": {"abc": {}, "01": {}, "1": {}, "%s": {"flags": 256, "message_notifications": 5,
                     "channel_id": "%s", "muted": null, "mute_config": {"selected_time_window": -2}}, "%s": null}}""".formatted(CHANNEL, OTHER_CHANNEL, OTHER_CHANNEL));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("message").asString()).isEqualTo("Invalid Form Body");
        assertThat(ErrorPaths.of(response.body().get("errors")))
                .containsOnlyKeys(
                        "message_notifications",
                        "flags",
                        "notify_highlights",
                        "suppress_roles",
                        "suppress_everyone",
                        "mobile_push",
                        "mute_config.selected_time_window",
                        "channel_overrides.abc",
                        "channel_overrides.1",
                        "channel_overrides." + CHANNEL + ".flags",
                        "channel_overrides." + CHANNEL + ".message_notifications",
                        "channel_overrides." + CHANNEL + ".channel_id",
                        "channel_overrides." + CHANNEL + ".muted",
                        "channel_overrides." + CHANNEL + ".mute_config.selected_time_window",
                        "channel_overrides." + OTHER_CHANNEL);
        assertThat(response.body().at("/errors/flags/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_BAD_FLAGS");
        assertNothingChanged(user, before);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.of("{\"muted\": \"yes\"}", "muted"),
                Arguments.of("{\"flags\": \"4096\"}", "flags"),
                Arguments.of("{\"channel_overrides\": []}", "channel_overrides"),
                Arguments.of("{\"channel_overrides\": null}", "channel_overrides"),
                Arguments.of("{\"channel_overrides\": {\"1\": {\"collapsed\": 1}}}", "channel_overrides.1.collapsed"),
                Arguments.of("{\"mute_config\": {\"end_time\": \"tomorrow\"}}", "mute_config.end_time"),
                Arguments.of("{\"mute_config\": 5}", "mute_config"),
                Arguments.of("{\"channel_overrides\": " + overrides(0, 501) + "}", "channel_overrides"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badBodies")
    void aBadValueIsA400NamingTheFieldAndChangesNothing(String body, String field) {
        Snowflake user = newMember();
        Row before = before(user);

        Response response = patchGuild(user, GUILD, body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(ErrorPaths.of(response.body().get("errors"))).containsOnlyKeys(field);
        assertNothingChanged(user, before);
    }

    @Test
    void tooManyOverridesOnceMergedWithTheStoredOnesIsRefused() {
        Snowflake user = newMember();
        assertThat(patchGuild(user, GUILD, "{\"channel_overrides\": " + overrides(0, 300) + "}")
                        .status())
                .isEqualTo(200);
        Row before = row(user, GUILD);

        Response response = patchGuild(user, GUILD, "{\"channel_overrides\": " + overrides(250, 251) + "}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(ErrorPaths.of(response.body().get("errors")))
                .isEqualTo(java.util.Map.of("channel_overrides", java.util.List.of("BASE_TYPE_MAX_LENGTH")));
        assertNothingChanged(user, before);
    }

    @Test
    void aBulkPatchIsAllOrNothing() {
        Snowflake user = newMember();
        Row before = before(user);
        assertThat(patchGuild(user, OTHER_GUILD, "{\"channel_overrides\": " + overrides(0, 400) + "}")
                        .status())
                .isEqualTo(200);

        Response response = as(user, HttpMethod.PATCH, BULK, """
                {"guilds": {"%s": {"muted": false}, "%s": {"channel_overrides": %s}}}""".formatted(GUILD, OTHER_GUILD, overrides(400, 101)));

        assertThat(response.status()).isEqualTo(400);
        assertThat(ErrorPaths.of(response.body().get("errors")))
                .containsOnlyKeys("guilds." + OTHER_GUILD + ".channel_overrides");
        assertThat(row(user, GUILD)).isEqualTo(before);
        assertThat(row(user, OTHER_GUILD).version()).isEqualTo(1);
        assertThat(eventsSoFar(user)).hasSize(2);
    }

    static Stream<Arguments> badBulkBodies() {
        String tooMany =
                IntStream.range(1, 202).mapToObj(i -> "\"" + i + "\": {}").collect(Collectors.joining(",", "{", "}"));
        return Stream.of(
                Arguments.of("{}", "guilds"),
                Arguments.of("{\"guilds\": null}", "guilds"),
                Arguments.of("{\"guilds\": []}", "guilds"),
                Arguments.of("{\"guilds\": {\"@me\": {\"muted\": true}}}", "guilds.@me"),
                Arguments.of("{\"guilds\": {\"" + GUILD + "\": null}}", "guilds." + GUILD),
                Arguments.of(
                        "{\"guilds\": {\"" + GUILD + "\": {\"notify_highlights\": 7}}}",
                        "guilds." + GUILD + ".notify_highlights"),
                Arguments.of("{\"guilds\": " + tooMany + "}", "guilds"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badBulkBodies")
    void aBadBulkBodyIsA400NamingTheFieldAndChangesNothing(String body, String field) {
        Snowflake user = newMember();
        Row before = before(user);

        Response response = as(user, HttpMethod.PATCH, BULK, body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(ErrorPaths.of(response.body().get("errors"))).containsOnlyKeys(field);
        assertNothingChanged(user, before);
    }
}
