package dev.concord.social.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.test.ErrorPaths;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Partial user guild settings: how they merge into stored ones, and what they refuse. */
class UserGuildSettingsModifyRequestTest {

    static final GuildKey GUILD = GuildKey.of(Snowflake.of(81384788765712384L));
    static final Snowflake A = Snowflake.of(30), B = Snowflake.of(20);

    static UserGuildSettingsModifyRequest parse(String body) {
        return Violations.check(Json.mapper().readValue(body, UserGuildSettingsModifyRequest.class));
    }

    static Map<String, List<String>> errors(String body) {
        try {
            parse(body);
        } catch (ApiException e) {
            return ErrorPaths.of(e.errors());
        }
        throw new AssertionError("accepted " + body);
    }

    @Test
    void omittedFieldsKeepTheirValueAndNullClearsOnlyTheMuteConfig() {
        UserGuildSettingsData stored = parse(
                        "{\"muted\": true, \"mute_config\": {\"selected_time_window\": -1}, \"flags\": 4096}")
                .applyTo(UserGuildSettingsData.defaults(GUILD));

        UserGuildSettingsData after =
                parse("{\"mute_config\": null, \"suppress_roles\": true}").applyTo(stored);

        assertThat(after.muted()).isTrue();
        assertThat(after.flags()).isEqualTo(4096);
        assertThat(after.muteConfig()).isNull();
        assertThat(after.suppressRoles()).isTrue();
        assertThat(after.sameSettingsAs(stored)).isFalse();
        assertThat(parse("{\"muted\": true}").applyTo(stored).sameSettingsAs(stored))
                .isTrue();
    }

    @Test
    void overridesMergeFieldByFieldAndStayInChannelOrder() {
        UserGuildSettingsData stored = parse(
                        "{\"channel_overrides\": {\"30\": {\"collapsed\": true, \"flags\": 2048}}}")
                .applyTo(UserGuildSettingsData.defaults(GUILD));

        UserGuildSettingsData after = parse(
                        "{\"channel_overrides\": {\"30\": {\"muted\": true}, \"20\": {\"message_notifications\": 0}}}")
                .applyTo(stored);

        assertThat(after.channelOverrides())
                .containsExactly(
                        new ChannelOverrideData(B, false, 0, 0, false, null),
                        new ChannelOverrideData(A, true, 2048, 3, true, null));
    }

    @Test
    void equalMuteEndsWrittenWithDifferentOffsetsAreNoChange() {
        UserGuildSettingsData stored = parse(
                        "{\"mute_config\": {\"end_time\": \"2030-01-01T00:00:00Z\", \"selected_time_window\": 900}}")
                .applyTo(UserGuildSettingsData.defaults(GUILD));

        UserGuildSettingsData after = parse(
                        "{\"mute_config\": {\"end_time\": \"2030-01-01T02:00:00+02:00\", \"selected_time_window\": 900}}")
                .applyTo(stored);

        assertThat(after.sameSettingsAs(stored)).isTrue();
        assertThat(after.muteConfig().endTime()).isEqualTo(OffsetDateTime.parse("2030-01-01T00:00:00Z"));
    }

    @Test
    void suppressionsTakeBooleansOrZeroAndOne() {
        UserGuildSettingsData defaults = UserGuildSettingsData.defaults(GUILD);

        assertThat(parse("{\"suppress_everyone\": 1, \"suppress_roles\": true}")
                        .applyTo(defaults)
                        .suppressEveryone())
                .isTrue();
        assertThat(parse("{\"suppress_everyone\": 0}")
                        .applyTo(defaults.withVersion(1))
                        .suppressEveryone())
                .isFalse();
        assertThat(errors("{\"suppress_everyone\": 2, \"suppress_roles\": \"true\"}"))
                .isEqualTo(Map.of(
                        "suppress_everyone",
                        List.of("BASE_TYPE_BOOLEAN"),
                        "suppress_roles",
                        List.of("BASE_TYPE_BOOLEAN")));
    }

    @Test
    void levelsAndFlagsAreTheDocumentedOnes() {
        assertThat(errors("{\"message_notifications\": 4, \"notify_highlights\": -1, \"flags\": 1024}"))
                .isEqualTo(Map.of(
                        "message_notifications",
                        List.of("BASE_TYPE_CHOICES"),
                        "notify_highlights",
                        List.of("BASE_TYPE_CHOICES"),
                        "flags",
                        List.of("BASE_TYPE_BAD_FLAGS")));
        assertThat(errors("{\"channel_overrides\": {\"1\": {\"flags\": 32768}}}"))
                .isEqualTo(Map.of("channel_overrides.1.flags", List.of("BASE_TYPE_BAD_FLAGS")));
        parse("{\"message_notifications\": 3, \"notify_highlights\": 2, \"flags\": 30720,"
                + " \"channel_overrides\": {\"1\": {\"flags\": 32256, \"message_notifications\": 3}}}");
    }

    @Test
    void aMuteWindowIsPositiveOrIndefinite() {
        parse("{\"mute_config\": {\"selected_time_window\": -1}}");
        parse("{\"mute_config\": {\"selected_time_window\": 900, \"end_time\": \"2030-01-01T00:00:00Z\"}}");
        assertThat(errors("{\"mute_config\": {\"selected_time_window\": 0}}"))
                .isEqualTo(Map.of("mute_config.selected_time_window", List.of("NUMBER_TYPE_MIN")));
    }
}
