package dev.concord.remoteauth.user;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The columns a PATCH changes, in order; a null value clears a field. */
final class UserChanges {

    record Change(String column, @Nullable Object value, Class<?> type) {}

    private final List<Change> changes = new ArrayList<>();

    /** Records the change only when it differs from {@code current}: unchanged fields are no update. */
    <T> UserChanges set(String column, @Nullable T value, @Nullable T current, Class<T> type) {
        if (!Objects.equals(value, current)) {
            changes.add(new Change(column, value, type));
        }
        return this;
    }

    boolean isEmpty() {
        return changes.isEmpty();
    }

    List<Change> list() {
        return List.copyOf(changes);
    }
}
