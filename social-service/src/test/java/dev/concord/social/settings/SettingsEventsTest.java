package dev.concord.social.settings;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.social.Resources;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fixtures under {@code events/} document what this service puts on Kafka. Each one must survive a
 * round trip through the envelope type, and its data must be exactly what the PATCH beside it produces.
 */
class SettingsEventsTest {

    static final Snowflake USER = Snowflake.of(175928847299117063L);
    final JsonMapper json = Json.mapper();

    /** As written on the wire and read back, so numbers compare by value, not by Java type. */
    JsonNode wire(Object value) {
        return json.readTree(json.writeValueAsString(value));
    }

    static Stream<Arguments> fixtures() {
        return Stream.of(
                Arguments.of(
                        "user-settings-update.json",
                        "{}",
                        "{\"theme\": \"light\", \"developer_mode\": true, \"afk_timeout\": 600}"),
                Arguments.of("user-settings-update-nested.json", "{}", """
                        {"custom_status": {"text": "In a meeting", "emoji_name": "📅", "expires_at": "2026-01-01T03:00:00+02:00"},
                         "friend_source_flags": {"all": false, "mutual_friends": true, "mutual_guilds": true},
                         "guild_folders": [{"guild_ids": ["290926798626357250", 290926798626357251], "id": 1337, "name": "Work", "color": 3447003},
                                           {"guild_ids": ["81384788765712384"]}],
                         "restricted_guilds": ["81384788765712384"], "locale": "en-US"}"""),
                Arguments.of(
                        "user-settings-update-cleared.json",
                        "{\"custom_status\": {\"text\": \"brb\"}}",
                        "{\"custom_status\": null}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixtureSurvivesTheEnvelopeRoundTrip(String fixture, String stored, String body) {
        JsonNode expected = json.readTree(Resources.text("/events/" + fixture));

        EventEnvelope envelope = json.treeToValue(expected, EventEnvelope.class);

        assertThat(envelope.type()).isEqualTo(USER_SETTINGS_UPDATE);
        assertThat(envelope.audience()).isEqualTo(Audience.users(USER));
        assertThat(wire(envelope)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixtureDataIsWhatThePatchPublishes(String fixture, String stored, String body) {
        SettingsMerge merge = new SettingsMerge(json);
        UserSettingsData current = merge.read(stored, UserSettingsModifyRequestTest.NOW);
        SettingsMerge.Changes changes = merge.apply(
                current, UserSettingsModifyRequestTest.parse(body).checked(UserSettingsModifyRequestTest.NOW));

        DomainEvent event = SettingsEvents.settingsUpdate(USER, changes.changed());

        JsonNode expected = json.readTree(Resources.text("/events/" + fixture));
        assertThat(event.key()).isEqualTo(USER.asString());
        assertThat(wire(event.audience())).isEqualTo(expected.get("audience"));
        assertThat(wire(event.data())).isEqualTo(expected.get("data"));
    }
}
