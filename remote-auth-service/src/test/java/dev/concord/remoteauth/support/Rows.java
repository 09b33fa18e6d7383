package dev.concord.remoteauth.support;

import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;

/** Reads stored state straight from the service's database, for assertions. */
public final class Rows {

    private final DatabaseClient db;

    public Rows(DatabaseClient db) {
        this.db = db;
    }

    /** The row {@code sql} selects with {@code :id} bound to {@code id}, or null when there is none. */
    public Map<String, Object> one(String sql, String id) {
        return db.sql(sql).bind("id", Long.parseLong(id)).fetch().one().block();
    }

    public long count(String sql) {
        Long count = db.sql(sql).map(row -> row.get(0, Long.class)).one().block();
        return count == null ? 0 : count;
    }

    public Map<String, Object> user(String id) {
        return one("SELECT * FROM users WHERE id = :id", id);
    }
}
