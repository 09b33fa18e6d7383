package dev.concord.social.games;

import static dev.concord.social.games.GameRelationshipType.FRIEND;
import static dev.concord.social.games.GameRelationshipType.INCOMING_REQUEST;
import static dev.concord.social.games.GameRelationshipType.OUTGOING_REQUEST;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.social.relationships.PairLocks;
import dev.concord.social.relationships.RelationshipErrors;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Decides game relationship changes. Each one runs in a transaction holding the pair's lock, so what it
 * read is still true when it writes, and both sides' rows and events commit together or not at all.
 * A change that changes nothing (asking again, accepting twice, removing nothing) writes and publishes
 * nothing.
 */
@Service
final class GameRelationshipService {

    private final GameRelationshipStore store;
    private final Outbox outbox;
    private final PairLocks locks;
    private final UserDirectory users;
    private final TransactionalOperator transactions;
    private final Clock clock;

    GameRelationshipService(
            GameRelationshipStore store,
            Outbox outbox,
            PairLocks locks,
            UserDirectory users,
            TransactionalOperator transactions,
            Clock clock) {
        this.store = store;
        this.outbox = outbox;
        this.locks = locks;
        this.users = users;
        this.transactions = transactions;
        this.clock = clock;
    }

    Flux<GameRelationshipData> list(Snowflake me, @Nullable Snowflake application, boolean withUsers) {
        Flux<UserDirectory.Joined<GameRelationshipRow>> rows = store.list(me, application);
        if (!withUsers) {
            return rows.map(row -> GameRelationshipData.of(row.row(), null));
        }
        return rows.collectList()
                .flatMap(joined -> users.complete(joined, GameRelationshipData::of))
                .flatMapIterable(list -> list);
    }

    /** The user named {@code username} (any case) whom {@code me} may ask: 80004 when nobody has that name. */
    Mono<PartialUser> targetByUsername(Snowflake me, String username) {
        return users.findByUsername(username)
                .switchIfEmpty(Mono.error(RelationshipErrors::noSuchTag))
                .map(target -> askable(me, target));
    }

    /** The user with this id whom {@code me} may ask: 80003 for oneself, 10013 when unknown, 80002 for a bot. */
    Mono<PartialUser> targetById(Snowflake me, Snowflake id) {
        if (id.equals(me)) {
            return Mono.error(RelationshipErrors.self());
        }
        return users.find(id)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)))
                .map(target -> askable(me, target));
    }

    /**
     * Asks {@code target} for a game friendship in {@code application}, or accepts theirs if they asked
     * first. Asking again, or asking a friend, changes nothing.
     */
    Mono<Void> request(Snowflake me, PartialUser target, Snowflake application) {
        return change(me, target.id(), application, mine -> {
            if (mine == null) {
                return List.of(OUTGOING_REQUEST, INCOMING_REQUEST);
            }
            return mine.type() == INCOMING_REQUEST ? List.of(FRIEND, FRIEND) : List.of();
        });
    }

    /** Accepts {@code target}'s request in {@code application}; 10013 when there is none (or they are unknown). */
    Mono<Void> accept(Snowflake me, Snowflake target, Snowflake application) {
        if (target.equals(me)) {
            return Mono.error(RelationshipErrors.self());
        }
        return change(me, target, application, mine -> {
            if (mine == null || mine.type() == OUTGOING_REQUEST) {
                throw ApiErrors.unknown(Unknown.USER);
            }
            return mine.type() == INCOMING_REQUEST ? List.of(FRIEND, FRIEND) : List.of();
        });
    }

    /**
     * Removes both sides of what {@code me} has with {@code target}: in {@code application}, or in all
     * without one. Nothing to remove is no error, but for oneself (80003) and a user nobody knows (10013).
     */
    Mono<Void> remove(Snowflake me, Snowflake target, @Nullable Snowflake application) {
        if (target.equals(me)) {
            return Mono.error(RelationshipErrors.self());
        }
        return transactions.transactional(locks.lock(me, target)
                .thenMany(store.between(me, target, application))
                .collectList()
                .flatMap(rows -> rows.isEmpty()
                        ? users.find(target)
                                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)))
                                .then()
                        : store.delete(rows)
                                .then(outbox.appendAll(rows.stream()
                                        .map(GameRelationshipEvents::removed)
                                        .toList()))));
    }

    /**
     * Under the pair's lock, reads {@code me}'s row in {@code application} and gives it to {@code decide},
     * which answers the types to give both sides (mine, theirs), or none to leave them as they are.
     */
    private Mono<Void> change(
            Snowflake me,
            Snowflake target,
            Snowflake application,
            Function<GameRelationshipRow, List<GameRelationshipType>> decide) {
        // The caller exists; a target nobody knows is 10013, as in every other move.
        Mono<Map<Snowflake, PartialUser>> people = users.findAll(List.of(me, target))
                .collectMap(PartialUser::id)
                .filter(found -> found.containsKey(target))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)));
        return people.flatMap(known -> transactions.transactional(locks.lock(me, target)
                .then(store.blockedEitherWay(me, target))
                .flatMapMany(blocked ->
                        blocked ? Mono.error(RelationshipErrors.blocked()) : store.between(me, target, application))
                .filter(row -> row.userId().equals(me))
                .next()
                .map(mine -> decide.apply(mine))
                .switchIfEmpty(Mono.fromSupplier(() -> decide.apply(null)))
                .flatMap(types -> types.isEmpty() ? Mono.empty() : save(me, target, application, types, known))));
    }

    private Mono<Void> save(
            Snowflake me,
            Snowflake target,
            Snowflake application,
            List<GameRelationshipType> types,
            Map<Snowflake, PartialUser> known) {
        OffsetDateTime now =
                OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        GameRelationshipRow mine = GameRelationshipRow.of(me, target, application, types.get(0), now);
        GameRelationshipRow theirs = GameRelationshipRow.of(target, me, application, types.get(1), now);
        List<DomainEvent> events = List.of(
                GameRelationshipEvents.added(mine, Objects.requireNonNull(known.get(target))),
                GameRelationshipEvents.added(theirs, Objects.requireNonNull(known.get(me))));
        return store.savePair(mine, theirs).then(outbox.appendAll(events));
    }

    private static PartialUser askable(Snowflake me, PartialUser target) {
        if (target.id().equals(me)) {
            throw RelationshipErrors.self();
        }
        if (target.bot()) {
            throw RelationshipErrors.bot();
        }
        return target;
    }
}
