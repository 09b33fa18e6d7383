package dev.concord.platform.events;

import io.r2dbc.spi.Parameters;
import io.r2dbc.spi.Readable;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

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

    /**
     * One parameter and those bound before it: each bind adds one link and copies nothing (a message's
     * insert binds two dozen), and the statement receives them all in one map.
     */
    private record Binding(
            String name, Object value, @Nullable Binding previous) {}

    private final String sql;
    private final Function<? super Readable, ? extends T> reader;
    private final @Nullable Binding last;
    private final int count;

    private Change(String sql, Function<? super Readable, ? extends T> reader, @Nullable Binding last, int count) {
        this.sql = sql;
        this.reader = reader;
        this.last = last;
        this.count = count;
    }

    /** The statement (its {@code RETURNING} names the columns {@code reader} reads) and its row reader. */
    public static <T> Change<T> of(String sql, Function<? super Readable, ? extends T> reader) {
        return new Change<>(Objects.requireNonNull(sql, "sql"), Objects.requireNonNull(reader, "reader"), null, 0);
    }

    public Change<T> bind(String name, Object value) {
        return with(name, Objects.requireNonNull(value, "value"));
    }

    public Change<T> bindNull(String name, Class<?> type) {
        return with(name, Parameters.in(type));
    }

    String sql() {
        return sql;
    }

    T read(Readable row) {
        return reader.apply(row);
    }

    /**
     * The parameters by name, with room for {@code more} that the caller adds; a name bound twice has the
     * value bound last.
     */
    Map<String, Object> parameters(int more) {
        // Sized so that it never grows (capacity over the 0.75 load factor).
        Map<String, Object> parameters = new HashMap<>((count + more) * 4 / 3 + 1);
        for (Binding binding = last; binding != null; binding = binding.previous()) {
            parameters.putIfAbsent(binding.name(), binding.value());
        }
        return parameters;
    }

    private Change<T> with(String name, Object value) {
        if (name.startsWith(RESERVED_PREFIX)) {
            throw new IllegalArgumentException("parameter " + name + " is the outbox's own");
        }
        return new Change<>(sql, reader, new Binding(name, value, last), count + 1);
    }
}
