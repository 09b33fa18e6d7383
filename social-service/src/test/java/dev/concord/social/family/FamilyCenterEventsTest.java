package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.USER_UPDATE;
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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fixtures of the USER_UPDATE a link change publishes: each survives the envelope round trip, and is
 * exactly what {@link FamilyCenterEvents} makes of the user (a user the replica lacks is fetched first).
 */
class FamilyCenterEventsTest {

    static final Snowflake USER = Snowflake.of(175928847299117063L);
    static final PartialUser NELLY =
            new PartialUser(USER, "nelly", "0", "Nelly", "8342729096ea3675442027381ff50dfe", 64, false);
    final JsonMapper json = Json.mapper();

    static Stream<Arguments> fixtures() {
        return Stream.of(Arguments.of("user-update-family-center.json", NELLY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixtureSurvivesTheEnvelopeRoundTrip(String fixture, PartialUser known) {
        JsonNode expected = fixture(fixture);

        EventEnvelope envelope = json.treeToValue(expected, EventEnvelope.class);

        assertThat(envelope.type()).isEqualTo(USER_UPDATE);
        assertThat(envelope.audience()).isEqualTo(Audience.users(USER));
        assertThat(wire(envelope)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixtureIsWhatALinkChangePublishes(String fixture, PartialUser known) {
        DomainEvent event = FamilyCenterEvents.userUpdate(known);

        JsonNode expected = fixture(fixture);
        assertThat(event.type()).isEqualTo(expected.get("type").asString());
        assertThat(event.key()).isEqualTo(USER.asString());
        assertThat(wire(event.audience())).isEqualTo(expected.get("audience"));
        assertThat(wire(event.data())).isEqualTo(expected.get("data"));
    }

    private JsonNode wire(Object value) {
        return json.readTree(json.writeValueAsString(value));
    }

    private JsonNode fixture(String name) {
        try (InputStream in = getClass().getResourceAsStream("/events/" + name)) {
            return json.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
