package dev.concord.social.games;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.UserDirectory;
import io.r2dbc.spi.Readable;
import java.time.OffsetDateTime;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code game_relationships} table. Changes between two users are made under the pair's lock
 * ({@code PairLocks}, shared with relationships), inside the caller's transaction, which records their
 * events.
 */
@Component
final class GameRelationshipStore {

    private static final String COLUMNS = "g.user_id, g.target_id, g.application_id, g.type, g.since, g.dm_access_type";

    private final DatabaseClient db;

    GameRelationshipStore(DatabaseClient db) {
        this.db = db;
    }

    /**
     * A user's game relationships with the other users, from one query: in {@code application} only when
     * it is not null, each with the other user where the replica has them ({@link UserDirectory#complete}).
     */
    Flux<UserDirectory.Joined<GameRelationshipRow>> list(Snowflake userId, @Nullable Snowflake application) {
        DatabaseClient.GenericExecuteSpec query =
                db.sql("SELECT " + COLUMNS + """
                        , u.username, u.discriminator, u.global_name, u.avatar, u.public_flags, u.bot
                        FROM game_relationships g LEFT JOIN user_replica u ON u.id = g.target_id
                        WHERE g.user_id = :user AND (CAST(:application AS BIGINT) IS NULL OR g.application_id = :application)
                        ORDER BY g.since, g.application_id, g.target_id""").bind("user", userId.value());
        return bindApplication(query, application)
                .map(row -> {
                    GameRelationshipRow relationship = read(row);
                    return new UserDirectory.Joined<>(
                            relationship,
                            relationship.targetId(),
                            UserDirectory.fromJoinedRow(row, relationship.targetId()));
                })
                .all();
    }

    /** Whether either user has blocked the other (relationships, type BLOCKED): no game friendship then. */
    Mono<Boolean> blockedEitherWay(Snowflake one, Snowflake other) {
        return db.sql(
                        "SELECT EXISTS (SELECT 1 FROM relationships WHERE type = 2 AND ((user_id = :one AND target_id = :other) "
                                + "OR (user_id = :other AND target_id = :one))) AS blocked")
                .bind("one", one.value())
                .bind("other", other.value())
                .map(row -> Boolean.TRUE.equals(row.get("blocked", Boolean.class)))
                .one();
    }

    /** Both sides' rows between the two users: in {@code application}, or in every application when null. */
    Flux<GameRelationshipRow> between(Snowflake one, Snowflake other, @Nullable Snowflake application) {
        DatabaseClient.GenericExecuteSpec query =
                db.sql("SELECT " + COLUMNS + """
                         FROM game_relationships g
                        WHERE ((g.user_id = :one AND g.target_id = :other) OR (g.user_id = :other AND g.target_id = :one))
                          AND (CAST(:application AS BIGINT) IS NULL OR g.application_id = :application)""").bind("one", one.value()).bind("other", other.value());
        return bindApplication(query, application)
                .map(GameRelationshipStore::read)
                .all();
    }

    /** Writes both sides of a relationship in one application, replacing what they had. */
    Mono<Void> savePair(GameRelationshipRow mine, GameRelationshipRow theirs) {
        return db.sql("""
                        INSERT INTO game_relationships (user_id, target_id, application_id, type, since, dm_access_type)
                        VALUES (:mine, :theirs, :application, CAST(:myType AS SMALLINT), :since, CAST(:myAccess AS SMALLINT)),
                               (:theirs, :mine, :application, CAST(:theirType AS SMALLINT), :since, CAST(:theirAccess AS SMALLINT))
                        ON CONFLICT (user_id, application_id, target_id)
                        DO UPDATE SET type = EXCLUDED.type, since = EXCLUDED.since""")
                .bind("mine", mine.userId().value())
                .bind("theirs", theirs.userId().value())
                .bind("application", mine.applicationId().value())
                .bind("myType", mine.type().value())
                .bind("theirType", theirs.type().value())
                .bind("myAccess", mine.dmAccessType())
                .bind("theirAccess", theirs.dmAccessType())
                .bind("since", mine.since())
                .then();
    }

    /** Deletes these rows (both sides, as read under the pair's lock). */
    Mono<Void> delete(List<GameRelationshipRow> rows) {
        return db.sql("""
                        DELETE FROM game_relationships g
                        USING unnest(CAST(:users AS BIGINT[]), CAST(:targets AS BIGINT[]), CAST(:applications AS BIGINT[]))
                              AS r (user_id, target_id, application_id)
                        WHERE g.user_id = r.user_id AND g.target_id = r.target_id AND g.application_id = r.application_id""")
                .bind("users", rows.stream().map(row -> row.userId().value()).toArray(Long[]::new))
                .bind(
                        "targets",
                        rows.stream().map(row -> row.targetId().value()).toArray(Long[]::new))
                .bind(
                        "applications",
                        rows.stream().map(row -> row.applicationId().value()).toArray(Long[]::new))
                .then();
    }

    private static DatabaseClient.GenericExecuteSpec bindApplication(
            DatabaseClient.GenericExecuteSpec query, @Nullable Snowflake application) {
        return application == null
                ? query.bindNull("application", Long.class)
                : query.bind("application", application.value());
    }

    private static GameRelationshipRow read(Readable row) {
        return new GameRelationshipRow(
                Snowflake.of(row.get("user_id", Long.class)),
                Snowflake.of(row.get("target_id", Long.class)),
                Snowflake.of(row.get("application_id", Long.class)),
                GameRelationshipType.of(row.get("type", Short.class)),
                row.get("since", OffsetDateTime.class),
                row.get("dm_access_type", Short.class));
    }
}
