package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.OffsetDateTime;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The {@code notification_settings_snapshots} table. */
@Component
final class SnapshotStore {

    private final DatabaseClient db;

    SnapshotStore(DatabaseClient db) {
        this.db = db;
    }

    /** What a user keeps before taking one more snapshot, and how large that one would be. */
    record Usage(long snapshots, long bytes, long newLength, boolean taken) {}

    Mono<List<SnapshotData>> list(Snowflake userId) {
        return db.sql("""
                        SELECT id, label, recorded_at, length FROM notification_settings_snapshots
                        WHERE user_id = :user ORDER BY id""")
                .bind("user", userId.value())
                .map(SnapshotStore::snapshot)
                .all()
                .collectList();
    }

    /**
     * Copies all of the user's guild settings (private channels are not a guild, and not restored by
     * "restore-guilds") into a new snapshot, in one statement, unless the user would then keep more than
     * {@code maxSnapshots} snapshots or {@code maxBytes} bytes of them. Call it holding the user's lock, so
     * that two requests cannot both take the last place.
     */
    Mono<Usage> take(
            Snowflake userId,
            Snowflake id,
            @Nullable String label,
            OffsetDateTime recordedAt,
            int maxSnapshots,
            long maxBytes) {
        DatabaseClient.GenericExecuteSpec statement = db.sql("""
                        WITH captured AS (
                            SELECT coalesce(jsonb_object_agg(guild_id::text, settings), '{}'::jsonb)::text AS document
                            FROM user_guild_settings WHERE user_id = :user AND guild_id <> :private_channels),
                        kept AS (
                            SELECT count(*) AS snapshots, coalesce(sum(length), 0) AS bytes
                            FROM notification_settings_snapshots WHERE user_id = :user),
                        saved AS (
                            INSERT INTO notification_settings_snapshots (id, user_id, label, recorded_at, document, length)
                            SELECT :id, :user, :label, :recorded_at, document, octet_length(document)
                            FROM captured, kept
                            WHERE kept.snapshots < :max_snapshots AND kept.bytes + octet_length(document) <= :max_bytes
                            RETURNING id)
                        SELECT kept.snapshots, kept.bytes, octet_length(captured.document) AS new_length,
                               EXISTS (SELECT 1 FROM saved) AS taken
                        FROM captured, kept""")
                .bind("user", userId.value())
                .bind("private_channels", GuildKey.PRIVATE_ID)
                .bind("id", id.value())
                .bind("recorded_at", recordedAt)
                .bind("max_snapshots", (long) maxSnapshots)
                .bind("max_bytes", maxBytes);
        statement = label == null ? statement.bindNull("label", String.class) : statement.bind("label", label);
        return statement
                .map(row -> new Usage(
                        row.get("snapshots", Long.class),
                        row.get("bytes", Long.class),
                        row.get("new_length", Integer.class),
                        row.get("taken", Boolean.class)))
                .one();
    }

    /** The snapshot's document (guild id to stored settings), or empty when the user has no such snapshot. */
    Mono<String> document(Snowflake userId, Snowflake id) {
        return db.sql("SELECT document FROM notification_settings_snapshots WHERE user_id = :user AND id = :id")
                .bind("user", userId.value())
                .bind("id", id.value())
                .map(row -> row.get("document", String.class))
                .one();
    }

    /** Whether the user had such a snapshot (and now has not). */
    Mono<Boolean> delete(Snowflake userId, Snowflake id) {
        return db.sql("DELETE FROM notification_settings_snapshots WHERE user_id = :user AND id = :id RETURNING id")
                .bind("user", userId.value())
                .bind("id", id.value())
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    private static SnapshotData snapshot(Readable row) {
        return new SnapshotData(
                Snowflake.of(row.get("id", Long.class)),
                row.get("label", String.class),
                row.get("recorded_at", OffsetDateTime.class),
                row.get("length", Integer.class));
    }
}
