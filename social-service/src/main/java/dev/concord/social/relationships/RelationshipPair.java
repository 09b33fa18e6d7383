package dev.concord.social.relationships;

import static dev.concord.social.relationships.RelationshipType.BLOCKED;
import static dev.concord.social.relationships.RelationshipType.FRIEND;
import static dev.concord.social.relationships.RelationshipType.INCOMING_REQUEST;
import static dev.concord.social.relationships.RelationshipType.NONE;
import static dev.concord.social.relationships.RelationshipType.OUTGOING_REQUEST;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Both sides of the relationship between the caller ({@code me}) and {@code target}, and the moves the
 * caller can make on it. Pure: each move answers what changes ({@link Outcome}); refusals (blocks,
 * friend request settings, limits) are decided before a move is made.
 *
 * @param mine how the caller sees the target; null when there is no row
 * @param theirs how the target sees the caller; null when there is no row
 */
record RelationshipPair(
        Snowflake me,
        Snowflake target,
        @Nullable RelationshipRow mine,
        @Nullable RelationshipRow theirs) {

    RelationshipType myType() {
        return mine == null ? NONE : mine.type();
    }

    RelationshipType theirType() {
        return theirs == null ? NONE : theirs.type();
    }

    boolean blockedEitherWay() {
        return myType() == BLOCKED || theirType() == BLOCKED;
    }

    /** Whether a friend request (not an acceptance, not a repeat) is what {@link #befriend} would make. */
    boolean wouldRequest() {
        RelationshipType type = myType();
        return type != FRIEND && type != OUTGOING_REQUEST && type != INCOMING_REQUEST;
    }

    /** Whether the caller's side is a request marked as spam. */
    boolean isSpamRequestToMe() {
        return mine != null && mine.isSpamRequest();
    }

    boolean wouldAccept() {
        return myType() == INCOMING_REQUEST;
    }

    /**
     * PUT with FRIEND or -1: accepts the target's pending request, or sends one. Friends and already sent
     * requests stay as they are.
     */
    Outcome befriend(Instant now, boolean stranger, boolean spam) {
        if (mine != null && wouldAccept()) {
            return Outcome.nothing()
                    .add(mine.withType(FRIEND, now))
                    .add(theirsOr(NONE, now).withType(FRIEND, now));
        }
        if (!wouldRequest()) {
            return Outcome.nothing();
        }
        RelationshipRow outgoing =
                RelationshipRow.of(me, target, OUTGOING_REQUEST, mine != null && mine.userIgnored(), now);
        RelationshipRow incoming =
                theirsOr(NONE, now).withType(INCOMING_REQUEST, now).asRequestFrom(stranger, spam);
        return Outcome.nothing().add(outgoing).add(incoming);
    }

    /** PUT with BLOCKED: the caller blocks the target, ending any friendship or request between them. */
    Outcome block(Instant now) {
        if (myType() == BLOCKED) {
            return Outcome.nothing();
        }
        boolean ignored = mine != null && mine.userIgnored();
        Outcome outcome = Outcome.nothing().add(RelationshipRow.of(me, target, BLOCKED, ignored, now));
        if (theirs != null && (theirType().isMutual() || theirType() == RelationshipType.IMPLICIT)) {
            outcome.end(theirs);
        }
        return outcome;
    }

    /** DELETE: unfriends, cancels or declines a request (both sides), or unblocks (the caller's side). */
    Outcome remove() {
        if (mine == null || myType() == NONE) {
            return Outcome.nothing();
        }
        Outcome outcome = Outcome.nothing().end(mine);
        if (myType().isMutual() && theirs != null && theirType().isMutual()) {
            outcome.end(theirs);
        }
        return outcome;
    }

    /** PATCH: the caller's nickname for a friend; null clears it. Only called for FRIEND. */
    Outcome nickname(@Nullable String nickname) {
        RelationshipRow friend = Objects.requireNonNull(mine, "only called for FRIEND");
        if (Objects.equals(friend.nickname(), nickname)) {
            return Outcome.nothing();
        }
        return Outcome.nothing().update(friend.withNickname(nickname));
    }

    /** PUT ignore: a new NONE row when there is no relationship, else the flag on the existing one. */
    Outcome ignore(Instant now) {
        if (mine == null) {
            return Outcome.nothing().add(RelationshipRow.of(me, target, NONE, true, now));
        }
        return mine.userIgnored() ? Outcome.nothing() : Outcome.nothing().update(mine.withIgnored(true));
    }

    /** DELETE ignore: a row that existed only for the flag goes away; otherwise the flag is cleared. */
    Outcome unignore() {
        if (mine == null || !mine.userIgnored()) {
            return Outcome.nothing();
        }
        if (myType() == NONE) {
            return Outcome.nothing().end(mine.withIgnored(false));
        }
        return Outcome.nothing().update(mine.withIgnored(false));
    }

    private RelationshipRow theirsOr(RelationshipType type, Instant now) {
        return theirs != null ? theirs : RelationshipRow.of(target, me, type, false, now);
    }
}
