package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.ZoneOffset;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;

/** When streaming integrations next sync on their own ({@code integrations.next_sync_at}). */
@Repository
class SyncScheduleStore {

    /** A streaming integration due a sync, and its guild's owner, as whom it is synced. */
    record Due(Snowflake guildId, Snowflake integrationId, Snowflake ownerId) {}

    private final DatabaseClient db;

    SyncScheduleStore(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Claims at most {@code limit} streaming integrations due a sync at {@code now} (never synced on their own:
     * last synced, or made, before {@code lastBefore}), moving their next sync to {@code next} in the same
     * statement: another replica's sweep skips them, and one whose sync fails is tried again then.
     */
    Flux<Due> claimDue(Instant now, Instant lastBefore, Instant next, int limit) {
        return db.sql("""
                        UPDATE integrations i SET next_sync_at = :next
                        FROM guilds g
                        WHERE g.id = i.guild_id AND i.id IN (
                            SELECT id FROM integrations
                            WHERE application_id IS NULL
                              AND (next_sync_at <= :now
                                   OR next_sync_at IS NULL AND coalesce(synced_at, created_at) <= :last_before)
                            ORDER BY next_sync_at NULLS FIRST, id
                            LIMIT :limit
                            FOR UPDATE SKIP LOCKED)
                        RETURNING i.guild_id, i.id, g.owner_id""")
                .bind("next", next.atOffset(ZoneOffset.UTC))
                .bind("now", now.atOffset(ZoneOffset.UTC))
                .bind("last_before", lastBefore.atOffset(ZoneOffset.UTC))
                .bind("limit", limit)
                .map(row -> new Due(
                        Snowflake.of(row.get("guild_id", Long.class)),
                        Snowflake.of(row.get("id", Long.class)),
                        Snowflake.of(row.get("owner_id", Long.class))))
                .all();
    }
}
