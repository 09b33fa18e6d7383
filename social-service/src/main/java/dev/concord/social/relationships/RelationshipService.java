package dev.concord.social.relationships;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.events.RunToEnd;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Moves relationships between their states. Each change runs in one transaction holding the pair's
 * lock, so two users acting on each other at once (both sending a request, one accepting while the other
 * cancels) apply one after the other; the rows of both sides and each side's event commit together.
 */
@Service
final class RelationshipService {

    static final int MAX_FRIENDS = 1000;

    private final RelationshipStore store;
    private final PairLocks locks;
    private final FriendRequestPolicy policy;
    private final FriendTokens tokens;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final Clock clock;

    RelationshipService(
            RelationshipStore store,
            PairLocks locks,
            FriendRequestPolicy policy,
            FriendTokens tokens,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            Clock clock) {
        this.store = store;
        this.locks = locks;
        this.policy = policy;
        this.tokens = tokens;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * PUT with FRIEND or -1, and POST by username: accept the target's request or send one. A valid
     * {@code friendToken} from the target (see {@link FriendTokens}) stands in for their friend source
     * flags, and its request is no stranger's; an invalid one is ignored.
     */
    Mono<Void> befriend(Snowflake me, Snowflake target, boolean refuseFriends, @Nullable String friendToken) {
        return friendable(me, target).then(change(me, target, pair -> {
            if (pair.blockedEitherWay()) {
                return Mono.error(RelationshipErrors.blocked());
            }
            if (refuseFriends && pair.myType() == RelationshipType.FRIEND) {
                return Mono.error(RelationshipErrors.alreadyFriends());
            }
            if (pair.wouldAccept()) {
                return withinFriendLimit(me)
                        .then(withinFriendLimit(target))
                        .then(Mono.fromCallable(() -> pair.befriend(now(), false, false)));
            }
            if (!pair.wouldRequest()) {
                return Mono.just(Outcome.nothing());
            }
            boolean vouched = tokens.isValid(friendToken, target, me);
            return withinFriendLimit(me)
                    .then(policy.facts(me, target))
                    .flatMap(facts -> vouched || facts.allowed()
                            ? Mono.just(pair.befriend(now(), !vouched && facts.stranger(), !vouched && facts.spam()))
                            : Mono.error(RelationshipErrors.incomingDisabled()));
        }));
    }

    /** POST: a friend request by username; without {@code discriminator}, or with "0", for users without one. */
    Mono<Void> befriendByUsername(Snowflake me, String username, @Nullable String discriminator) {
        return users.findByUsername(username)
                .filter(user -> discriminator == null || discriminator.equals(user.discriminator()))
                .switchIfEmpty(Mono.error(RelationshipErrors::noSuchTag))
                .flatMap(user -> befriend(me, user.id(), true, null));
    }

    Mono<Void> block(Snowflake me, Snowflake target) {
        return known(me, target).then(change(me, target, pair -> Mono.just(pair.block(now()))));
    }

    Mono<Void> remove(Snowflake me, Snowflake target) {
        return change(me, target, pair -> Mono.just(pair.remove()));
    }

    /** PATCH: the nickname only friends may have. */
    Mono<Void> nickname(Snowflake me, Snowflake target, @Nullable String nickname) {
        return change(
                me,
                target,
                pair -> pair.myType() == RelationshipType.FRIEND
                        ? Mono.just(pair.nickname(nickname))
                        : Mono.error(RelationshipModifyRequest::notAFriend));
    }

    /** A PATCH that changes nothing: still 10013 for a user nobody knows, as every other move. */
    Mono<Void> unchanged(Snowflake me, Snowflake target) {
        return change(me, target, pair -> Mono.just(Outcome.nothing()));
    }

    Mono<Void> ignore(Snowflake me, Snowflake target) {
        return known(me, target).then(change(me, target, pair -> Mono.just(pair.ignore(now()))));
    }

    Mono<Void> unignore(Snowflake me, Snowflake target) {
        return change(me, target, pair -> Mono.just(pair.unignore()));
    }

    /** Bulk DELETE: declines every incoming request (or only those marked spam), each pair under its lock. */
    Mono<Void> declineIncoming(Snowflake me, boolean onlySpam) {
        return RunToEnd.of(transactions.transactional(
                store.incomingRequesters(me, onlySpam).flatMap(requesters -> locks.lockAll(me, requesters)
                        .then(store.findPairs(me, requesters)
                                .filter(pair -> pair.myType() == RelationshipType.INCOMING_REQUEST
                                        && (!onlySpam || pair.isSpamRequestToMe()))
                                .reduce(Outcome.nothing(), (outcome, pair) -> outcome.merge(pair.remove())))
                        .flatMap(outcome -> write(me, requesters, outcome)))));
    }

    /**
     * Runs {@code decide} on the pair as it is under the pair's lock, then writes what it decided with
     * its events. A decision that changes nothing writes nothing. With nothing between the two, a target
     * nobody knows is 404 10013 whatever the move (a removal of nothing from a known user is no error), as
     * on the platform.
     */
    private Mono<Void> change(Snowflake me, Snowflake target, Function<RelationshipPair, Mono<Outcome>> decide) {
        if (me.equals(target)) {
            return Mono.error(RelationshipErrors.self());
        }
        return RunToEnd.of(transactions.transactional(locks.lock(me, target)
                .then(store.findPair(me, target))
                .flatMap(pair -> pair.mine() == null && pair.theirs() == null
                        ? known(me, target).thenReturn(pair)
                        : Mono.just(pair))
                .flatMap(decide)
                .flatMap(outcome -> write(me, List.of(target), outcome))));
    }

    private Mono<Void> write(Snowflake me, List<Snowflake> targets, Outcome outcome) {
        if (outcome.isEmpty()) {
            return Mono.empty();
        }
        List<Snowflake> everyone = new ArrayList<>(targets);
        everyone.add(me);
        return users.require(everyone)
                .flatMap(known -> store.apply(outcome).then(outbox.appendAll(RelationshipEvents.of(outcome, known))));
    }

    /** Now, as PostgreSQL keeps it (microseconds), so an event's {@code since} equals the stored one. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    /** The target must be a user this service knows of (and not the caller). */
    private Mono<PartialUser> known(Snowflake me, Snowflake target) {
        if (me.equals(target)) {
            return Mono.error(RelationshipErrors.self());
        }
        return users.find(target).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)));
    }

    /** A user one may befriend: known, not the caller, not a bot. */
    private Mono<PartialUser> friendable(Snowflake me, Snowflake target) {
        return known(me, target).flatMap(user -> user.bot() ? Mono.error(RelationshipErrors.bot()) : Mono.just(user));
    }

    private Mono<Void> withinFriendLimit(Snowflake user) {
        return store.countFriends(user)
                .flatMap(
                        count -> count >= MAX_FRIENDS ? Mono.error(RelationshipErrors.tooManyFriends()) : Mono.empty());
    }
}
