package dev.concord.social.relationships;

import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.users.PartialUser;
import dev.concord.social.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The fixtures {@code events/relationship-*.json} are exactly what the moves beside them publish. */
class RelationshipEventsTest {

    static final Snowflake NELLY = Snowflake.of(175928847299117063L);
    static final Snowflake WUMPUS = Snowflake.of(80351110224678913L);
    static final Instant SINCE = Instant.parse("2026-11-22T10:00:00Z");
    static final Map<Snowflake, PartialUser> USERS = Map.of(
            NELLY, new PartialUser(NELLY, "nelly", "0", "Nelly", null, 0, false),
            WUMPUS, new PartialUser(WUMPUS, "wumpus", "0", null, null, 0, false));

    final JsonMapper json = Json.mapper();

    @Test
    void aStrangersRequestIsAddedIncomingOnTheTargetsSide() {
        Outcome request = new RelationshipPair(NELLY, WUMPUS, null, null).befriend(SINCE, true, false);
        List<DomainEvent> events = RelationshipEvents.of(request, USERS);

        assertThat(events).extracting(DomainEvent::type).containsExactly(RELATIONSHIP_ADD, RELATIONSHIP_ADD);
        assertMatchesFixture(events.get(1), "relationship-add.json");
    }

    @Test
    void aNicknameIsAnUpdateOfTheCallersSide() {
        RelationshipRow friend = RelationshipRow.of(NELLY, WUMPUS, RelationshipType.FRIEND, false, SINCE);
        Outcome renamed = new RelationshipPair(NELLY, WUMPUS, friend, null).nickname("Wumpy");

        assertMatchesFixture(RelationshipEvents.of(renamed, USERS).get(0), "relationship-update.json");
    }

    @Test
    void unfriendingRemovesBothSides() {
        RelationshipRow mine = RelationshipRow.of(NELLY, WUMPUS, RelationshipType.FRIEND, false, SINCE);
        RelationshipRow theirs = RelationshipRow.of(WUMPUS, NELLY, RelationshipType.FRIEND, false, SINCE);
        List<DomainEvent> events =
                RelationshipEvents.of(new RelationshipPair(NELLY, WUMPUS, mine, theirs).remove(), USERS);

        assertThat(events)
                .extracting(DomainEvent::audience)
                .containsExactly(Audience.users(NELLY), Audience.users(WUMPUS));
        assertMatchesFixture(events.get(1), "relationship-remove.json");
    }

    private void assertMatchesFixture(DomainEvent event, String fixture) {
        JsonNode expected = json.readTree(Resources.text("/events/" + fixture));
        EventEnvelope envelope = json.treeToValue(expected, EventEnvelope.class);
        assertThat(json.readTree(json.writeValueAsString(envelope))).isEqualTo(expected);
        assertThat(event.type()).isEqualTo(envelope.type());
        assertThat(event.audience()).isEqualTo(envelope.audience());
        assertThat(event.key()).isEqualTo(envelope.audience().userIds().get(0).asString());
        assertThat(json.readTree(json.writeValueAsString(event.data()))).isEqualTo(expected.get("data"));
    }
}
