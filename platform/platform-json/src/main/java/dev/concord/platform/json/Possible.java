package dev.concord.platform.json;

import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.NullUnmarked;

/**
 * A field of a PATCH body that may be absent, present as null, or present with a value. Absent means
 * "leave unchanged"; null means "clear". A plain nullable field cannot tell the two apart.
 *
 * <p>Records that use it get {@link #absent()} for a missing property from Jackson (see
 * {@link PossibleModule}), so record components of this type are never null.
 */
// Unmarked while it still holds null; it is about to hold Possible<Optional<T>> instead, and be marked then.
@NullUnmarked
public final class Possible<T> {

    private static final Possible<?> ABSENT = new Possible<>(false, null);

    private final boolean present;
    private final T value;

    private Possible(boolean present, T value) {
        this.present = present;
        this.value = value;
    }

    @SuppressWarnings("unchecked")
    public static <T> Possible<T> absent() {
        return (Possible<T>) ABSENT;
    }

    /** Present with {@code value}, which may be null (an explicit JSON null). */
    public static <T> Possible<T> of(T value) {
        return new Possible<>(true, value);
    }

    public boolean isAbsent() {
        return !present;
    }

    public boolean isPresent() {
        return present;
    }

    /** Present and not null. */
    public boolean hasValue() {
        return present && value != null;
    }

    /** The value, which may be null when the field was sent as null; throws when absent. */
    public T get() {
        if (!present) {
            throw new NoSuchElementException("absent");
        }
        return value;
    }

    /** The value if present (possibly null), otherwise {@code fallback}. */
    public T orElse(T fallback) {
        return present ? value : fallback;
    }

    /** The value if present and not null, otherwise {@code fallback}: for fields where null means "default". */
    public T valueOr(T fallback) {
        return hasValue() ? value : fallback;
    }

    public void ifPresent(Consumer<? super T> action) {
        if (present) {
            action.accept(value);
        }
    }

    public <R> Possible<R> map(Function<? super T, ? extends R> mapper) {
        return present ? of(value == null ? null : mapper.apply(value)) : absent();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Possible<?> other && present == other.present && Objects.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return present ? Objects.hashCode(value) * 31 + 1 : 0;
    }

    @Override
    public String toString() {
        return present ? "Possible[" + value + "]" : "Possible.absent";
    }
}
