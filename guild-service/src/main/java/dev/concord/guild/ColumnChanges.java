package dev.concord.guild;

import dev.concord.platform.json.Possible;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The columns a PATCH changes, written in one UPDATE. Column names come from the service's own code,
 * never from a request, so building the statement from them is safe.
 */
public final class ColumnChanges {

    /** A column and its new value (null clears it); {@code type} says what null is. */
    public record Change(String column, @Nullable Object value, Class<?> type) {}

    private ColumnChanges() {}

    /** Adds a change when the requested value differs from the current one. */
    public static void addIfDifferent(
            List<Change> changes, String column, @Nullable Object requested, @Nullable Object current, Class<?> type) {
        if (!Objects.equals(requested, current)) {
            changes.add(new Change(column, requested, type));
        }
    }

    /**
     * Adds a change when the field was sent and its value differs from the current one; a
     * {@code Possible<Optional<T>>} sent as null clears the column.
     */
    public static <T> void addIfChanged(
            List<Change> changes, String column, Possible<T> requested, @Nullable Object current, Class<?> type) {
        if (requested.isPresent()) {
            Object value = requested.get() instanceof Optional<?> optional ? optional.orElse(null) : requested.get();
            addIfDifferent(changes, column, value, current, type);
        }
    }

    /** {@code UPDATE table SET ... WHERE id = :id}; nothing to run for no changes. */
    public static Mono<Void> update(DatabaseClient db, String table, long id, List<Change> changes) {
        return update(db, table, Map.of("id", id), changes);
    }

    /** {@code UPDATE table SET ... WHERE k1 = :k1 AND ...} for a row with a composite key. */
    public static Mono<Void> update(DatabaseClient db, String table, Map<String, Object> key, List<Change> changes) {
        if (changes.isEmpty()) {
            return Mono.empty();
        }
        StringBuilder sql = new StringBuilder("UPDATE ").append(table).append(" SET ");
        for (int i = 0; i < changes.size(); i++) {
            sql.append(i == 0 ? "" : ", ")
                    .append(changes.get(i).column())
                    .append(" = :v")
                    .append(i);
        }
        sql.append(" WHERE ")
                .append(String.join(
                        " AND ", key.keySet().stream().map(k -> k + " = :" + k).toList()));
        DatabaseClient.GenericExecuteSpec update = db.sql(sql.toString());
        for (Map.Entry<String, Object> column : key.entrySet()) {
            update = update.bind(column.getKey(), column.getValue());
        }
        for (int i = 0; i < changes.size(); i++) {
            Change change = changes.get(i);
            update = change.value() == null
                    ? update.bindNull("v" + i, change.type())
                    : update.bind("v" + i, change.value());
        }
        return update.then();
    }
}
