package dev.concord.social.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.concord.platform.json.Json;
import dev.concord.platform.test.ErrorPaths;
import dev.concord.platform.web.ApiException;
import dev.concord.social.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every rule of the PATCH body, one row per limit, choice and flag, at and just past each edge. */
class UserSettingsModifyRequestTest {

    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    static UserSettingsModifyRequest parse(String json) {
        return Json.mapper().readValue(json, UserSettingsModifyRequest.class);
    }

    /** The error tree as "path -> codes"; empty when the body is valid. */
    static Map<String, List<String>> errors(String json) {
        ApiException e =
                catchThrowableOfType(ApiException.class, () -> parse(json).checked(NOW));
        if (e == null) {
            return Map.of();
        }
        assertThat(e.code()).isEqualTo(50035);
        return ErrorPaths.of(e.errors());
    }

    static String ids(int count) {
        return ids(1001, count);
    }

    /** A JSON array of {@code count} distinct snowflakes from {@code first} on. */
    static String ids(int first, int count) {
        return IntStream.range(first, first + count)
                .mapToObj(i -> "\"" + i + "\"")
                .collect(Collectors.joining(",", "[", "]"));
    }

    static Stream<String> valid() {
        return Stream.of(
                "{}",
                "{\"afk_timeout\": 60}",
                "{\"afk_timeout\": 600}",
                "{\"timezone_offset\": -720}",
                "{\"timezone_offset\": 840}",
                "{\"timezone_offset\": 0}",
                "{\"animate_stickers\": 0}",
                "{\"animate_stickers\": 2}",
                "{\"explicit_content_filter\": 2}",
                "{\"friend_discovery_flags\": 0}",
                "{\"friend_discovery_flags\": 6}",
                "{\"friend_discovery_flags\": 2}",
                "{\"slayer_sdk_receive_dms_in_game\": 3}",
                "{\"status\": \"invisible\"}",
                "{\"status\": \"dnd\"}",
                "{\"theme\": \"midnight\"}",
                "{\"theme\": \"darker\"}",
                "{\"theme\": \"light\"}",
                "{\"locale\": \"pt-BR\"}",
                "{\"locale\": \"es-419\"}",
                "{\"locale\": \"zh-TW\"}",
                "{\"custom_status\": null}",
                "{\"custom_status\": {}}",
                "{\"custom_status\": {\"text\": \"" + "x".repeat(128) + "\"}}",
                "{\"custom_status\": {\"emoji_name\": \"🔥\", \"expires_at\": \"2026-01-01T00:00:01Z\"}}",
                "{\"custom_status\": {\"emoji_id\": \"41771983429993937\", \"emoji_name\": null}}",
                "{\"friend_source_flags\": {}}",
                "{\"friend_source_flags\": {\"mutual_friends\": true, \"all\": null}}",
                "{\"restricted_guilds\": " + ids(200) + "}",
                "{\"activity_restricted_guild_ids\": []}",
                "{\"guild_folders\": [{\"guild_ids\": " + ids(200) + ", \"color\": 16777215, \"name\": \""
                        + "n".repeat(32) + "\"}]}",
                "{\"guild_folders\": [{\"guild_ids\": [\"1\"], \"id\": null, \"name\": null, \"color\": null}, {\"guild_ids\": [\"2\"], \"id\": 7, \"color\": 0}]}",
                "{\"unknown_field\": null, \"passwordless\": false}");
    }

    @ParameterizedTest
    @MethodSource
    void valid(String json) {
        assertThat(errors(json)).isEmpty();
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of("{\"afk_timeout\": 59}", "afk_timeout", "NUMBER_TYPE_MIN"),
                Arguments.of("{\"afk_timeout\": 601}", "afk_timeout", "NUMBER_TYPE_MAX"),
                Arguments.of("{\"timezone_offset\": -721}", "timezone_offset", "NUMBER_TYPE_MIN"),
                Arguments.of("{\"timezone_offset\": 841}", "timezone_offset", "NUMBER_TYPE_MAX"),
                Arguments.of("{\"animate_stickers\": 3}", "animate_stickers", "BASE_TYPE_CHOICES"),
                Arguments.of("{\"animate_stickers\": -1}", "animate_stickers", "BASE_TYPE_CHOICES"),
                Arguments.of("{\"explicit_content_filter\": 3}", "explicit_content_filter", "BASE_TYPE_CHOICES"),
                Arguments.of(
                        "{\"slayer_sdk_receive_dms_in_game\": 4}",
                        "slayer_sdk_receive_dms_in_game",
                        "BASE_TYPE_CHOICES"),
                Arguments.of("{\"friend_discovery_flags\": 1}", "friend_discovery_flags", "BASE_TYPE_BAD_FLAGS"),
                Arguments.of("{\"friend_discovery_flags\": 8}", "friend_discovery_flags", "BASE_TYPE_BAD_FLAGS"),
                Arguments.of("{\"friend_discovery_flags\": -2}", "friend_discovery_flags", "BASE_TYPE_BAD_FLAGS"),
                Arguments.of("{\"status\": \"offline\"}", "status", "BASE_TYPE_CHOICES"),
                Arguments.of("{\"status\": \"unknown\"}", "status", "BASE_TYPE_CHOICES"),
                Arguments.of("{\"status\": \"ONLINE\"}", "status", "BASE_TYPE_CHOICES"),
                Arguments.of("{\"theme\": \"blue\"}", "theme", "BASE_TYPE_CHOICES"),
                Arguments.of("{\"locale\": \"en\"}", "locale", "BASE_TYPE_CHOICES"),
                Arguments.of("{\"locale\": \"en_US\"}", "locale", "BASE_TYPE_CHOICES"),
                Arguments.of(
                        "{\"allow_activity_party_privacy_friends\": true}",
                        "allow_activity_party_privacy_friends",
                        "FIELD_NOT_MODIFIABLE"),
                Arguments.of(
                        "{\"allow_activity_party_privacy_voice_channel\": false}",
                        "allow_activity_party_privacy_voice_channel",
                        "FIELD_NOT_MODIFIABLE"),
                Arguments.of("{\"view_nsfw_commands\": null}", "view_nsfw_commands", "FIELD_NOT_MODIFIABLE"),
                Arguments.of("{\"view_nsfw_commands\": \"yes\"}", "view_nsfw_commands", "FIELD_NOT_MODIFIABLE"),
                Arguments.of(
                        "{\"custom_status\": {\"text\": \"" + "x".repeat(129) + "\"}}",
                        "custom_status.text",
                        "BASE_TYPE_BAD_LENGTH"),
                Arguments.of(
                        "{\"custom_status\": {\"emoji_name\": \"" + "e".repeat(33) + "\"}}",
                        "custom_status.emoji_name",
                        "BASE_TYPE_BAD_LENGTH"),
                Arguments.of(
                        "{\"custom_status\": {\"emoji_id\": \"1\", \"emoji_name\": \"🔥\"}}",
                        "custom_status",
                        "CUSTOM_STATUS_EMOJI_EXCLUSIVE"),
                Arguments.of(
                        "{\"custom_status\": {\"text\": \"a\", \"expires_at\": \"2026-01-01T00:00:00Z\"}}",
                        "custom_status.expires_at",
                        "BASE_TYPE_INVALID"),
                Arguments.of(
                        "{\"custom_status\": {\"text\": \"a\", \"expires_at\": \"2026-01-01T00:59:59+01:00\"}}",
                        "custom_status.expires_at",
                        "BASE_TYPE_INVALID"),
                Arguments.of("{\"restricted_guilds\": " + ids(201) + "}", "restricted_guilds", "BASE_TYPE_MAX_LENGTH"),
                Arguments.of(
                        "{\"activity_restricted_guild_ids\": " + ids(201) + "}",
                        "activity_restricted_guild_ids",
                        "BASE_TYPE_MAX_LENGTH"),
                Arguments.of(
                        "{\"activity_joining_restricted_guild_ids\": " + ids(201) + "}",
                        "activity_joining_restricted_guild_ids",
                        "BASE_TYPE_MAX_LENGTH"),
                Arguments.of("{\"restricted_guilds\": [\"1\", null]}", "restricted_guilds.1", "BASE_TYPE_REQUIRED"),
                Arguments.of(
                        "{\"restricted_guilds\": [\"1\", \"1\"]}",
                        "restricted_guilds.1",
                        "SET_TYPE_ALREADY_CONTAINS_VALUE"),
                Arguments.of(
                        "{\"guild_folders\": "
                                + IntStream.range(0, 201)
                                        .mapToObj(i -> "{\"guild_ids\": [\"" + (i + 1) + "\"]}")
                                        .collect(Collectors.joining(",", "[", "]"))
                                + "}",
                        "guild_folders",
                        "BASE_TYPE_MAX_LENGTH"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": " + ids(150)
                                + "}, {\"guild_ids\": [\"9\"]}, {\"guild_ids\": " + ids(5001, 51) + "}]}",
                        "guild_folders",
                        "BASE_TYPE_MAX_LENGTH"),
                Arguments.of("{\"guild_folders\": [null]}", "guild_folders.0", "BASE_TYPE_REQUIRED"),
                Arguments.of(
                        "{\"guild_folders\": [{\"name\": \"x\"}]}", "guild_folders.0.guild_ids", "BASE_TYPE_REQUIRED"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": []}]}",
                        "guild_folders.0.guild_ids",
                        "BASE_TYPE_BAD_LENGTH"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": [null]}]}",
                        "guild_folders.0.guild_ids.0",
                        "BASE_TYPE_REQUIRED"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": [\"1\"]}, {\"guild_ids\": [\"2\", \"1\"]}]}",
                        "guild_folders.1.guild_ids.1",
                        "SET_TYPE_ALREADY_CONTAINS_VALUE"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": [\"1\"], \"id\": 5}, {\"guild_ids\": [\"2\"], \"id\": 5}]}",
                        "guild_folders.1.id",
                        "SET_TYPE_ALREADY_CONTAINS_VALUE"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": [\"1\"], \"color\": 16777216}]}",
                        "guild_folders.0.color",
                        "NUMBER_TYPE_MAX"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": [\"1\"], \"color\": -1}]}",
                        "guild_folders.0.color",
                        "NUMBER_TYPE_MIN"),
                Arguments.of(
                        "{\"guild_folders\": [{\"guild_ids\": [\"1\"], \"name\": \"" + "n".repeat(33) + "\"}]}",
                        "guild_folders.0.name",
                        "BASE_TYPE_BAD_LENGTH"));
    }

    @ParameterizedTest(name = "{1} {2}: {0}")
    @MethodSource
    void invalid(String json, String path, String code) {
        assertThat(errors(json)).containsExactly(Map.entry(path, List.of(code)));
    }

    /** Every field of the settings object but the nullable custom_status and the three read-only ones. */
    static Stream<String> nonNullable() {
        Set<String> excluded = Set.of(
                "custom_status",
                "allow_activity_party_privacy_friends",
                "allow_activity_party_privacy_voice_channel",
                "view_nsfw_commands");
        return Json.mapper().readTree(Resources.text("/settings/defaults.json")).propertyNames().stream()
                .filter(name -> !excluded.contains(name));
    }

    /** Null is a value only for custom_status; on any other field it is refused, naming the field. */
    @ParameterizedTest
    @MethodSource
    void nonNullable(String field) {
        assertThat(errors("{\"" + field + "\": null}"))
                .containsExactly(Map.entry(field, List.of("BASE_TYPE_REQUIRED")));
    }

    @Test
    void reportsEveryViolationOfOneBodyTogether() {
        assertThat(errors("""
                {"afk_timeout": 1, "theme": null, "view_nsfw_commands": true, "allow_activity_party_privacy_friends": false,
                 "custom_status": {"text": "%s", "emoji_id": "1", "emoji_name": "x"},
                 "guild_folders": [{"guild_ids": ["1"], "color": 16777216}, {"guild_ids": []}]}
                """.formatted("x".repeat(129))))
                .containsOnlyKeys(
                        "afk_timeout",
                        "theme",
                        "view_nsfw_commands",
                        "allow_activity_party_privacy_friends",
                        "custom_status",
                        "custom_status.text",
                        "guild_folders.0.color",
                        "guild_folders.1.guild_ids");
    }
}
