package dev.concord.remoteauth.user;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.users.PartialUser;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fixtures in {@code events/} document the payloads of identity.events for the services that
 * consume them; these tests keep the fixtures and the code that produces the events in step.
 */
class UserEventFixturesTest {

    private static final JsonMapper JSON = Json.mapper();

    @Test
    void userCreateRoundTrips() throws IOException {
        assertRoundTrips(USER_CREATE, PartialUser.class);
    }

    @Test
    void userUpdateRoundTrips() throws IOException {
        assertRoundTrips(USER_UPDATE, UserObject.class);
    }

    /** The fixture's data, read as {@code type} and written back, gives the fixture again. */
    private static void assertRoundTrips(String eventType, Class<?> type) throws IOException {
        JsonNode fixture = fixture(eventType);
        EventEnvelope envelope = JSON.treeToValue(fixture, EventEnvelope.class);
        Object data = JSON.treeToValue(envelope.data(), type);

        assertThat(tree(new EventEnvelope(
                        envelope.id(),
                        envelope.type(),
                        envelope.occurredAt(),
                        envelope.source(),
                        envelope.audience(),
                        JSON.valueToTree(data))))
                .isEqualTo(fixture);
    }

    @Test
    void theServiceProducesWhatTheFixturesShow() throws IOException {
        UserRow created = new UserRow(
                Snowflake.parse("1300000000000000001"),
                "wumpus",
                "0",
                "Wumpus",
                "wumpus@example.org",
                false,
                "$argon2id$...",
                null,
                null,
                null,
                "",
                "en-US",
                0,
                0,
                false,
                false);
        UserRow updated = new UserRow(
                created.id(),
                "wumpus.jr",
                "0",
                "Wumpus Jr",
                "wumpus@example.org",
                false,
                "$argon2id$...",
                "a_8f2c2a1e5b0d4c3f9a7e6d5c4b3a2918",
                "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
                5793266,
                "Hello from Concord",
                "en-US",
                0,
                0,
                false,
                false);

        assertEvent(UserEvents.created(created), fixture(USER_CREATE));
        assertEvent(UserEvents.updated(updated), fixture(USER_UPDATE));
    }

    @Test
    void theUpdateCarriesEveryFieldOfThePartialUser() throws IOException {
        JsonNode partial = fixture(USER_CREATE).get("data");
        JsonNode full = fixture(USER_UPDATE).get("data");

        assertThat(full.propertyNames()).containsAll(partial.propertyNames());
    }

    private static void assertEvent(DomainEvent event, JsonNode fixture) {
        assertThat(event.type()).isEqualTo(fixture.get("type").asString());
        assertThat(tree(event.audience())).isEqualTo(fixture.get("audience"));
        assertThat(event.key()).isEqualTo(fixture.at("/data/id").asString());
        assertThat(tree(event.data())).isEqualTo(fixture.get("data"));
    }

    /** As a consumer reads it: through the wire text, so a long and an int holding 0 compare equal. */
    private static JsonNode tree(Object value) {
        return JSON.readTree(JSON.writeValueAsString(value));
    }

    static JsonNode fixture(String type) throws IOException {
        try (InputStream in = UserEventFixturesTest.class.getResourceAsStream("/events/" + type + ".json")) {
            return JSON.readTree(in);
        }
    }
}
