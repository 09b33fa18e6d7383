package dev.concord.social.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.web.Violations;
import dev.concord.social.Resources;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fixtures under {@code events/} document what notification settings put on Kafka. Each survives a
 * round trip through the envelope, and its data is exactly what the request beside it produces.
 */
class NotificationEventsTest {

    static final Snowflake USER = Snowflake.of(175928847299117063L);
    static final JsonMapper JSON = Json.mapper();

    static JsonNode wire(Object value) {
        return JSON.readTree(JSON.writeValueAsString(value));
    }

    static DomainEvent guildSettingsEvent(GuildKey guild, String body) {
        UserGuildSettingsModifyRequest patch =
                Violations.check(JSON.readValue(body, UserGuildSettingsModifyRequest.class));
        return NotificationEvents.guildSettingsUpdate(
                USER, patch.applyTo(UserGuildSettingsData.defaults(guild)).withVersion(1));
    }

    static Stream<Arguments> fixtures() {
        NotificationSettingsModifyRequest flags =
                Violations.check(JSON.readValue("{\"flags\": 48}", NotificationSettingsModifyRequest.class));
        return Stream.of(
                Arguments.of(
                        "notification-settings-update.json",
                        NotificationEvents.notificationSettingsUpdate(USER, flags.settings())),
                Arguments.of(
                        "user-guild-settings-update.json",
                        guildSettingsEvent(GuildKey.of(Snowflake.of(81384788765712384L)), """
                        {"flags": 2048, "hide_muted_channels": true, "message_notifications": 1, "notify_highlights": 2,
                         "suppress_everyone": 1, "channel_overrides": {"381870553235193857": {"flags": 4096,
                         "message_notifications": 1, "muted": true,
                         "mute_config": {"end_time": "2026-01-01T09:00:00+01:00", "selected_time_window": 28800}}}}""")),
                Arguments.of(
                        "user-guild-settings-update-private.json",
                        guildSettingsEvent(
                                GuildKey.PRIVATE_CHANNELS,
                                "{\"muted\": true, \"mute_config\": {\"end_time\": null, \"selected_time_window\": -1}}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixtureSurvivesTheEnvelopeRoundTrip(String fixture, DomainEvent emitted) {
        JsonNode expected = JSON.readTree(Resources.text("/events/" + fixture));

        EventEnvelope envelope = JSON.treeToValue(expected, EventEnvelope.class);

        assertThat(envelope.type()).isEqualTo(emitted.type());
        assertThat(envelope.audience()).isEqualTo(Audience.users(USER));
        assertThat(wire(envelope)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixtureIsWhatTheServiceEmits(String fixture, DomainEvent emitted) {
        JsonNode expected = JSON.readTree(Resources.text("/events/" + fixture));

        assertThat(emitted.type()).isEqualTo(expected.get("type").asString());
        assertThat(emitted.key()).isEqualTo(USER.asString());
        assertThat(wire(emitted.audience())).isEqualTo(expected.get("audience"));
        assertThat(wire(emitted.data())).isEqualTo(expected.get("data"));
    }
}
