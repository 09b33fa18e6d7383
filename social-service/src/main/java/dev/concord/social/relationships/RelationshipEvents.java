package dev.concord.social.relationships;

import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_REMOVE;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The events a relationship change publishes, one per side, each to that side's user alone and keyed by
 * them (so one user's relationship events reach their sessions in order). Fixtures under
 * {@code src/test/resources/events/relationship-*.json}.
 *
 * <ul>
 *   <li>{@code RELATIONSHIP_ADD}: the relationship object as that side now sees it (a new request, a new
 *       friend, a block, an ignored stranger);
 *   <li>{@code RELATIONSHIP_UPDATE}: the same object after a change of nickname or ignore flag;
 *   <li>{@code RELATIONSHIP_REMOVE}: {@code id, type, nickname, since} of the relationship that ended.
 * </ul>
 */
final class RelationshipEvents {

    /** {@code RELATIONSHIP_REMOVE}'s data: what the client needs to drop the relationship it holds. */
    record Removed(
            Snowflake id, RelationshipType type, @Nullable String nickname, Instant since) {}

    private RelationshipEvents() {}

    /** One event per notice, in order; {@code users} holds every partial user the rows point at. */
    static List<DomainEvent> of(Outcome outcome, Map<Snowflake, PartialUser> users) {
        return outcome.notices().stream().map(notice -> of(notice, users)).toList();
    }

    private static DomainEvent of(Outcome.Notice notice, Map<Snowflake, PartialUser> users) {
        RelationshipRow row = notice.row();
        Object data =
                switch (notice.kind()) {
                    case ADD, UPDATE ->
                        RelationshipData.of(row, Objects.requireNonNull(users.get(row.targetId()), "required"));
                    case REMOVE -> new Removed(row.targetId(), row.type(), row.nickname(), row.since());
                };
        String type =
                switch (notice.kind()) {
                    case ADD -> RELATIONSHIP_ADD;
                    case UPDATE -> RELATIONSHIP_UPDATE;
                    case REMOVE -> RELATIONSHIP_REMOVE;
                };
        return new DomainEvent(type, row.userId().asString(), Audience.users(row.userId()), data);
    }
}
