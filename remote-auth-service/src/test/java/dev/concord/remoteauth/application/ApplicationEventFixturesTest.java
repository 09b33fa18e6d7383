package dev.concord.remoteauth.application;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The fixtures of the application events in {@code events/} are what the service produces. */
class ApplicationEventFixturesTest {

    private static final JsonMapper JSON = Json.mapper();

    private static final ApplicationRow WEATHER = new ApplicationRow(
            Snowflake.parse("1300000000000000101"),
            Snowflake.parse("1300000000000000001"),
            "Weather Bot",
            "Forecasts for your guild",
            null,
            null,
            null,
            ApplicationFlags.GATEWAY_MESSAGE_CONTENT_LIMITED,
            "2ea88e787bcf03b425c029fde5283113c0e3dcb085434a8a3d480c61edd7e028",
            Snowflake.parse("1300000000000000102"),
            true,
            false,
            List.of("https://example.org/callback"),
            List.of("weather"),
            List.of(),
            null,
            1,
            List.of(),
            null,
            null,
            null,
            null,
            null,
            "{\"scopes\": [\"bot\"], \"permissions\": \"2048\"}",
            null,
            null,
            1,
            List.of(),
            0);

    @Test
    void theServiceProducesWhatTheFixturesShow() throws IOException {
        ApplicationObject object = ApplicationObject.of(
                WEATHER,
                user("1300000000000000001", "wumpus", "0", false),
                user("1300000000000000102", "Weather Bot", "4821", true));

        assertEvent(ApplicationEvents.created(object), fixture("APPLICATION_CREATE"));
        assertEvent(ApplicationEvents.updated(object), fixture("APPLICATION_UPDATE"));
        assertEvent(ApplicationEvents.deleted(WEATHER), fixture("APPLICATION_DELETE"));
    }

    private static PartialUser user(String id, String username, String discriminator, boolean bot) {
        return new PartialUser(
                Snowflake.parse(id),
                username,
                discriminator,
                null,
                null,
                Possible.of(Optional.empty()),
                0,
                bot,
                Possible.of(Optional.empty()),
                Possible.of(Optional.empty()));
    }

    private static void assertEvent(DomainEvent event, JsonNode fixture) {
        assertThat(event.type()).isEqualTo(fixture.get("type").asString());
        assertThat(tree(event.audience())).isEqualTo(fixture.get("audience"));
        assertThat(event.key()).isEqualTo(fixture.at("/data/id").asString());
        assertThat(tree(event.data())).as(JSON.writeValueAsString(event.data())).isEqualTo(fixture.get("data"));
    }

    private static JsonNode tree(Object value) {
        return JSON.readTree(JSON.writeValueAsString(value));
    }

    private static JsonNode fixture(String type) throws IOException {
        try (InputStream in = ApplicationEventFixturesTest.class.getResourceAsStream("/events/" + type + ".json")) {
            return JSON.readTree(in);
        }
    }
}
