package dev.concord.platform.test.hostile;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * A fingerprint of everything a service stored: one hash per table of its database (but the tables that
 * change by themselves), read in one statement over the service's own connection. Equal fingerprints,
 * equal rows.
 *
 * <p>Hashing every table is the slow part of a hostile-input run, and most requests of one are refused
 * and write nothing. So the server's WAL insert position is read first: every committed change writes
 * WAL, so while it has not moved since the last fingerprint was taken, that fingerprint still holds.
 * WAL written for anything else (another database, a vacuum, a checkpoint) only costs a fresh hash.
 */
public final class StoredState implements Supplier<String> {

    /**
     * The platform's tables that change without a request: the outbox (its relay marks and deletes rows),
     * the consumers' bookkeeping, the users replica kept from identity.events, and Flyway's history.
     */
    public static final Set<String> CHANGING_BY_THEMSELVES =
            Set.of("outbox", "processed_events", "user_replica", "flyway_schema_history");

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final DatabaseClient db;
    private final String query;

    /** Where the WAL ended just before {@link #fingerprint} was read; null before the first. */
    private @Nullable String walPosition;

    private String fingerprint = "";

    private StoredState(DatabaseClient db, String query) {
        this.db = db;
        this.query = query;
    }

    /** Every table of the current schema but {@link #CHANGING_BY_THEMSELVES} and {@code alsoExcluded}. */
    public static StoredState of(DatabaseClient db, String... alsoExcluded) {
        List<String> tables = Objects.requireNonNull(db.sql("""
                                SELECT table_name FROM information_schema.tables
                                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                                ORDER BY table_name""")
                        .map(row -> Objects.requireNonNull(row.get(0, String.class)))
                        .all()
                        .collectList()
                        .block(TIMEOUT))
                .stream()
                .filter(table -> !CHANGING_BY_THEMSELVES.contains(table))
                .filter(table -> !List.of(alsoExcluded).contains(table))
                .toList();
        if (tables.isEmpty()) {
            return new StoredState(db, "SELECT 'no tables'");
        }
        // One row per table (no limit on how many, unlike a function's arguments), hashed together.
        String hashes = tables.stream()
                .map(table -> "('" + table.replace("'", "''")
                        + "', (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM \""
                        + table.replace("\"", "\"\"") + "\" t))")
                .collect(Collectors.joining(", "));
        return new StoredState(
                db,
                "SELECT md5(string_agg(name || ':' || hash, '|' ORDER BY name)) FROM (VALUES " + hashes
                        + ") AS tables(name, hash)");
    }

    @Override
    public synchronized String get() {
        // Read before the hash, never with it: a change committed between the two then moves the position
        // past the one kept, and the next call hashes again.
        String position = selectOne("SELECT pg_current_wal_insert_lsn()::text");
        if (!position.equals(walPosition)) {
            fingerprint = selectOne(query);
            walPosition = position;
        }
        return fingerprint;
    }

    private String selectOne(String sql) {
        return Objects.requireNonNull(db.sql(sql)
                .map(row -> Objects.requireNonNull(row.get(0, String.class)))
                .one()
                .block(TIMEOUT));
    }
}
