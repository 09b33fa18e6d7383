package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Serialises changes between two users until the transaction ends, whichever of them acts and whatever
 * they change: relationships and game relationships take the same lock, so a game request cannot slip
 * past a block being committed. Rows cannot be locked before they exist (a first request creates both
 * sides), so the pair is locked instead, with a transaction-scoped advisory lock; a collision of two
 * pairs' keys only makes them wait for each other.
 */
@Component
public final class PairLocks {

    private final DatabaseClient db;

    PairLocks(DatabaseClient db) {
        this.db = db;
    }

    public Mono<Void> lock(Snowflake a, Snowflake b) {
        return db.sql("SELECT pg_advisory_xact_lock(:key)")
                .bind("key", key(a, b))
                .then();
    }

    /**
     * {@link #lock} of the caller with each of {@code targets}, in one statement. Every pair shares the
     * caller, so two callers' batches share at most one pair and cannot deadlock.
     */
    Mono<Void> lockAll(Snowflake me, List<Snowflake> targets) {
        if (targets.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("SELECT count(pg_advisory_xact_lock(k)) FROM unnest(:keys::bigint[]) AS k")
                .bind(
                        "keys",
                        targets.stream().map(target -> key(me, target)).sorted().toArray(Long[]::new))
                .then();
    }

    private static long key(Snowflake a, Snowflake b) {
        long low = Math.min(a.value(), b.value());
        long high = Math.max(a.value(), b.value());
        return low * 31 + Long.rotateLeft(high, 17);
    }
}
