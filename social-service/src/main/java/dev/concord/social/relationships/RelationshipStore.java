package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code relationships} table: one row per side. */
@Component
final class RelationshipStore {

    static final String COLUMNS =
            "user_id, target_id, type, nickname, user_ignored, is_spam_request, stranger_request, "
                    + "origin_application_id, since";

    private final DatabaseClient db;

    RelationshipStore(DatabaseClient db) {
        this.db = db;
    }

    /** Both sides of the pair, in one statement. */
    Mono<RelationshipPair> findPair(Snowflake me, Snowflake target) {
        return db.sql("SELECT " + COLUMNS + " FROM relationships WHERE (user_id = :me AND target_id = :target) "
                        + "OR (user_id = :target AND target_id = :me)")
                .bind("me", me.value())
                .bind("target", target.value())
                .map(RelationshipStore::read)
                .all()
                .collectList()
                .map(rows -> pairOf(me, target, rows));
    }

    /** Who sent the user the requests still pending (only those marked spam when {@code onlySpam}). */
    Mono<List<Snowflake>> incomingRequesters(Snowflake me, boolean onlySpam) {
        return db.sql("SELECT target_id FROM relationships WHERE user_id = :me AND type = 3"
                        + (onlySpam ? " AND is_spam_request" : ""))
                .bind("me", me.value())
                .map(row -> Snowflake.of(row.get("target_id", Long.class)))
                .all()
                .collectList();
    }

    /** Both sides of the caller's relationship with each of {@code targets}, in one statement. */
    Flux<RelationshipPair> findPairs(Snowflake me, List<Snowflake> targets) {
        Long[] ids = targets.stream().map(Snowflake::value).toArray(Long[]::new);
        return db.sql("SELECT " + COLUMNS + " FROM relationships WHERE (user_id = :me AND target_id = ANY(:targets)) "
                        + "OR (target_id = :me AND user_id = ANY(:targets))")
                .bind("me", me.value())
                .bind("targets", ids)
                .map(RelationshipStore::read)
                .all()
                .collectMultimap(row -> row.userId().equals(me) ? row.targetId() : row.userId())
                .flatMapMany(
                        byTarget -> Flux.fromIterable(targets).map(target -> pairOf(me, target, byTarget.get(target))));
    }

    /** How many friends the user has. */
    Mono<Long> countFriends(Snowflake user) {
        return db.sql("SELECT count(*) AS friends FROM relationships WHERE user_id = :user AND type = 1")
                .bind("user", user.value())
                .map(row -> row.get("friends", Long.class))
                .one();
    }

    /** Writes a move's rows: one statement for the saved rows and one for the deleted, whatever their number. */
    Mono<Void> apply(Outcome outcome) {
        return save(outcome.saved()).then(delete(outcome.deleted()));
    }

    private Mono<Void> save(List<RelationshipRow> rows) {
        if (rows.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("""
                        INSERT INTO relationships (%s)
                        SELECT * FROM unnest(:users::bigint[], :targets::bigint[], :types::smallint[], :nicknames::text[],
                            :ignored::boolean[], :spam::boolean[], :stranger::boolean[], :applications::bigint[], :since::timestamptz[])
                        ON CONFLICT (user_id, target_id) DO UPDATE SET type = EXCLUDED.type, nickname = EXCLUDED.nickname,
                            user_ignored = EXCLUDED.user_ignored, is_spam_request = EXCLUDED.is_spam_request,
                            stranger_request = EXCLUDED.stranger_request, origin_application_id = EXCLUDED.origin_application_id,
                            since = EXCLUDED.since""".formatted(COLUMNS))
                .bind("users", rows.stream().map(r -> r.userId().value()).toArray(Long[]::new))
                .bind("targets", rows.stream().map(r -> r.targetId().value()).toArray(Long[]::new))
                .bind("types", rows.stream().map(r -> (short) r.type().value()).toArray(Short[]::new))
                .bind("nicknames", rows.stream().map(RelationshipRow::nickname).toArray(String[]::new))
                .bind("ignored", rows.stream().map(RelationshipRow::userIgnored).toArray(Boolean[]::new))
                .bind("spam", rows.stream().map(RelationshipRow::isSpamRequest).toArray(Boolean[]::new))
                .bind(
                        "stranger",
                        rows.stream().map(RelationshipRow::strangerRequest).toArray(Boolean[]::new))
                .bind(
                        "applications",
                        rows.stream()
                                .map(r -> r.originApplicationId() == null
                                        ? null
                                        : r.originApplicationId().value())
                                .toArray(Long[]::new))
                .bind(
                        "since",
                        rows.stream()
                                .map(r -> r.since().atOffset(ZoneOffset.UTC))
                                .toArray(OffsetDateTime[]::new))
                .then();
    }

    private Mono<Void> delete(List<RelationshipRow> rows) {
        if (rows.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("DELETE FROM relationships WHERE (user_id, target_id) IN "
                        + "(SELECT * FROM unnest(:users::bigint[], :targets::bigint[]))")
                .bind("users", rows.stream().map(r -> r.userId().value()).toArray(Long[]::new))
                .bind("targets", rows.stream().map(r -> r.targetId().value()).toArray(Long[]::new))
                .then();
    }

    static RelationshipRow read(Readable row) {
        Long application = row.get("origin_application_id", Long.class);
        return new RelationshipRow(
                Snowflake.of(row.get("user_id", Long.class)),
                Snowflake.of(row.get("target_id", Long.class)),
                RelationshipType.of(row.get("type", Short.class)),
                row.get("nickname", String.class),
                Boolean.TRUE.equals(row.get("user_ignored", Boolean.class)),
                Boolean.TRUE.equals(row.get("is_spam_request", Boolean.class)),
                Boolean.TRUE.equals(row.get("stranger_request", Boolean.class)),
                application == null ? null : Snowflake.of(application),
                row.get("since", OffsetDateTime.class).toInstant());
    }

    private static RelationshipPair pairOf(Snowflake me, Snowflake target, @Nullable Collection<RelationshipRow> rows) {
        RelationshipRow mine = null;
        RelationshipRow theirs = null;
        for (RelationshipRow row : rows == null ? List.<RelationshipRow>of() : rows) {
            if (row.userId().equals(me)) {
                mine = row;
            } else {
                theirs = row;
            }
        }
        return new RelationshipPair(me, target, mine, theirs);
    }
}
