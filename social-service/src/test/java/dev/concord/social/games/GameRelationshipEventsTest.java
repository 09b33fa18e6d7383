package dev.concord.social.games;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.users.PartialUser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The game relationship fixtures under {@code events/} document what this service puts on Kafka: each
 * survives a round trip through the envelope type, and its key, audience and data are exactly what
 * {@link GameRelationshipEvents} makes of the row beside it.
 */
class GameRelationshipEventsTest {

    static final Snowflake ME = Snowflake.of(175928847299117063L);
    static final Snowflake NELLY = Snowflake.of(175928847299117064L);
    static final Snowflake GAME = Snowflake.of(1237856342484717650L);
    static final OffsetDateTime SINCE = OffsetDateTime.parse("2026-01-01T00:00:00.123456Z");
    final JsonMapper json = Json.mapper();

    @Test
    void addCarriesTheRelationshipAsTheRecipientSeesIt() throws IOException {
        GameRelationshipRow row = GameRelationshipRow.of(ME, NELLY, GAME, GameRelationshipType.OUTGOING_REQUEST, SINCE);
        PartialUser nelly = new PartialUser(NELLY, "nelly", "0", "Nelly", null, 0, false);

        assertMatchesFixture(GameRelationshipEvents.added(row, nelly), "game-relationship-add.json");
    }

    @Test
    void removeCarriesTheRemovedRelationshipWithoutTheUser() throws IOException {
        GameRelationshipRow row = GameRelationshipRow.of(ME, NELLY, GAME, GameRelationshipType.FRIEND, SINCE);

        assertMatchesFixture(GameRelationshipEvents.removed(row), "game-relationship-remove.json");
    }

    private void assertMatchesFixture(DomainEvent event, String fixture) throws IOException {
        JsonNode expected = fixture(fixture);
        EventEnvelope envelope = json.treeToValue(expected, EventEnvelope.class);

        assertThat(wire(envelope)).isEqualTo(expected);
        assertThat(envelope.type()).isEqualTo(event.type());
        assertThat(envelope.audience()).isEqualTo(Audience.users(ME));
        assertThat(event.key()).isEqualTo(ME.asString());
        assertThat(wire(event.audience())).isEqualTo(expected.get("audience"));
        assertThat(wire(event.data())).isEqualTo(expected.get("data"));
    }

    /** As written on the wire and read back, so numbers compare by value, not by Java type. */
    private JsonNode wire(Object value) {
        return json.readTree(json.writeValueAsString(value));
    }

    private JsonNode fixture(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/events/" + name)) {
            return json.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
