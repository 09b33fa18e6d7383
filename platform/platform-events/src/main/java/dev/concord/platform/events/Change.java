package dev.concord.platform.events;

import io.r2dbc.spi.Readable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * One data-modifying statement ({@code INSERT}, {@code UPDATE} or {@code DELETE} with {@code RETURNING})
 * with its parameters, and how to read a row it returns: what a store hands its service for
 * {@link Outbox#appendForEachRow}, which runs it and records the service's event in the same statement.
 * Immutable: each {@code bind} answers a new change.
 *
 * <pre>{@code
 * Change<String> merge = Change.of(
 *                 "UPDATE user_settings SET ... WHERE user_id = :user RETURNING settings::text AS settings",
 *                 row -> row.get("settings", String.class))
 *         .bind("user", userId.value());
 * }</pre>
 */
public final class Change<T> {

    /** Parameter names the outbox binds itself; a change may not use them. */
    static final String RESERVED_PREFIX = "outbox_";

    private final String sql;
    private final Function<? super Readable, ? extends T> reader;
    private final List<UnaryOperator<DatabaseClient.GenericExecuteSpec>> bindings;

    private Change(
            String sql,
            Function<? super Readable, ? extends T> reader,
            List<UnaryOperator<DatabaseClient.GenericExecuteSpec>> bindings) {
        this.sql = sql;
        this.reader = reader;
        this.bindings = bindings;
    }

    /** The statement (its {@code RETURNING} names the columns {@code reader} reads) and its row reader. */
    public static <T> Change<T> of(String sql, Function<? super Readable, ? extends T> reader) {
        return new Change<>(Objects.requireNonNull(sql, "sql"), Objects.requireNonNull(reader, "reader"), List.of());
    }

    public Change<T> bind(String name, Object value) {
        Objects.requireNonNull(value, "value");
        return with(name, spec -> spec.bind(name, value));
    }

    public Change<T> bindNull(String name, Class<?> type) {
        return with(name, spec -> spec.bindNull(name, type));
    }

    String sql() {
        return sql;
    }

    T read(Readable row) {
        return reader.apply(row);
    }

    DatabaseClient.GenericExecuteSpec bindTo(DatabaseClient.GenericExecuteSpec spec) {
        for (UnaryOperator<DatabaseClient.GenericExecuteSpec> binding : bindings) {
            spec = binding.apply(spec);
        }
        return spec;
    }

    private Change<T> with(String name, UnaryOperator<DatabaseClient.GenericExecuteSpec> binding) {
        if (name.startsWith(RESERVED_PREFIX)) {
            throw new IllegalArgumentException("parameter " + name + " is the outbox's own");
        }
        List<UnaryOperator<DatabaseClient.GenericExecuteSpec>> more = new ArrayList<>(bindings);
        more.add(binding);
        return new Change<>(sql, reader, List.copyOf(more));
    }
}
