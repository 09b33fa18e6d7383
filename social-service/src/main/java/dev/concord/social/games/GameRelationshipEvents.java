package dev.concord.social.games;

import static dev.concord.platform.events.EventTypes.GAME_RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.GAME_RELATIONSHIP_REMOVE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.users.PartialUser;

/**
 * The events a game relationship change publishes (fixtures under {@code src/test/resources/events/}).
 * Each side gets its own, about its own row, keyed by its user id so one user's changes arrive in order.
 *
 * <p>{@code GAME_RELATIONSHIP_ADD} carries the game relationship as that side sees it, the other user
 * included; {@code GAME_RELATIONSHIP_REMOVE} the removed relationship without {@code user}, as the
 * platform sends it (its clients read {@code id} and {@code application_id} from it).
 */
final class GameRelationshipEvents {

    private GameRelationshipEvents() {}

    static DomainEvent added(GameRelationshipRow row, PartialUser target) {
        return new DomainEvent(
                GAME_RELATIONSHIP_ADD,
                row.userId().asString(),
                Audience.users(row.userId()),
                GameRelationshipData.of(row, target));
    }

    static DomainEvent removed(GameRelationshipRow row) {
        return new DomainEvent(
                GAME_RELATIONSHIP_REMOVE,
                row.userId().asString(),
                Audience.users(row.userId()),
                GameRelationshipData.of(row, null));
    }
}
