package dev.concord.remoteauth.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;

/** The columns a PATCH changes, in order; a null value clears a field. */
public final class ColumnChanges {

    private record Change(String column, @Nullable Object value, Class<?> type) {}

    private final List<Change> changes = new ArrayList<>();

    /** Records the change only when it differs from {@code current}: unchanged fields are no update. */
    public <T> ColumnChanges set(String column, @Nullable T value, @Nullable T current, Class<T> type) {
        boolean same = value instanceof Object[] values && current instanceof Object[] currents
                ? Arrays.equals(values, currents)
                : Objects.equals(value, current);
        if (!same) {
            changes.add(new Change(column, value, type));
        }
        return this;
    }

    /** Records the change, the caller having found that it differs (values that do not compare by content). */
    public ColumnChanges put(String column, @Nullable Object value, Class<?> type) {
        changes.add(new Change(column, value, type));
        return this;
    }

    public boolean isEmpty() {
        return changes.isEmpty();
    }

    /** {@code column = :column, ...}, for an UPDATE's SET. */
    public String assignments() {
        return changes.stream()
                .map(change -> change.column() + " = :" + change.column())
                .collect(Collectors.joining(", "));
    }

    /** Binds every changed column's value, null as a typed null. */
    public GenericExecuteSpec bind(GenericExecuteSpec spec) {
        GenericExecuteSpec bound = spec;
        for (Change change : changes) {
            bound = bindNullable(bound, change.column(), change.value(), change.type());
        }
        return bound;
    }

    public static GenericExecuteSpec bindNullable(
            GenericExecuteSpec spec, String name, @Nullable Object value, Class<?> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }
}
