package dev.concord.platform.json;

import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A field of a body that may be left out: absent, or a value, never null. As in discord-json, the type
 * says what the wire may carry:
 *
 * <ul>
 *   <li>{@code T}: required, not null;
 *   <li>{@code Optional<T>}: always there, may be null;
 *   <li>{@code Possible<T>}: may be left out, never null;
 *   <li>{@code Possible<Optional<T>>}: may be left out or null ("leave unchanged" and "clear" in a PATCH).
 * </ul>
 *
 * <p>A JSON null sent for a plain {@code Possible<T>} is no value of it: Jackson reads it as absent and
 * marks it {@link #isSentNull() sent null}, so the body's validation refuses it with the other bad fields
 * of the same body ({@code Violations.notNullIfSent}) instead of failing the whole read on the first one.
 * Records that use it get {@link #absent()} for a missing property from Jackson (see
 * {@link PossibleModule}), so record components of this type are never null.
 */
public final class Possible<T> {

    private static final Possible<?> ABSENT = new Possible<>(null, false);
    private static final Possible<?> SENT_NULL = new Possible<>(null, true);

    private final @Nullable T value;
    private final boolean sentNull;

    private Possible(@Nullable T value, boolean sentNull) {
        this.value = value;
        this.sentNull = sentNull;
    }

    @SuppressWarnings("unchecked")
    public static <T> Possible<T> absent() {
        return (Possible<T>) ABSENT;
    }

    /** Present with {@code value}; a field that may be null is a {@code Possible<Optional<T>>}. */
    public static <T> Possible<T> of(T value) {
        return new Possible<>(Objects.requireNonNull(value, "a Possible holds no null"), false);
    }

    /** Absent because the body sent null where the field takes none: only Jackson makes these. */
    @SuppressWarnings("unchecked")
    static <T> Possible<T> sentNull() {
        return (Possible<T>) SENT_NULL;
    }

    /** Left out of the body, or sent as a null the field does not take. */
    public boolean isAbsent() {
        return value == null;
    }

    public boolean isPresent() {
        return value != null;
    }

    /** Sent as null for a field that takes none: absent to everything but validation, which refuses it. */
    public boolean isSentNull() {
        return sentNull;
    }

    /** The value; throws when absent. */
    public T get() {
        if (value == null) {
            throw new NoSuchElementException("absent");
        }
        return value;
    }

    /** The value if present, otherwise {@code fallback}. */
    public T orElse(T fallback) {
        return value != null ? value : fallback;
    }

    /** The value if present, otherwise null: for rules that let a missing value pass. */
    public @Nullable T orNull() {
        return value;
    }

    public void ifPresent(Consumer<? super T> action) {
        if (value != null) {
            action.accept(value);
        }
    }

    /** The value mapped by {@code mapper}, which must not return null; absent (or sent null) stays so. */
    public <R> Possible<R> map(Function<? super T, ? extends R> mapper) {
        return value != null ? of(mapper.apply(value)) : sentNull ? sentNull() : absent();
    }

    /**
     * For a field that may be absent or null: its value, or null when it was left out or sent as null.
     * Where the two must be told apart, read the {@code Possible} itself.
     */
    public static <T> @Nullable T valueOrNull(Possible<Optional<T>> possible) {
        return possible.isPresent() ? possible.get().orElse(null) : null;
    }

    /**
     * A field that may be absent or null, applied to {@code current} as a PATCH applies it: the value
     * sent, null when sent as null ("clear"), {@code current} when left out ("leave unchanged").
     */
    public static <T> @Nullable T patch(Possible<Optional<T>> field, @Nullable T current) {
        return field.isPresent() ? field.get().orElse(null) : current;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof Possible<?> other && sentNull == other.sentNull && Objects.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return value != null ? value.hashCode() * 31 + 1 : sentNull ? 2 : 0;
    }

    @Override
    public String toString() {
        return value != null ? "Possible[" + value + "]" : sentNull ? "Possible.sentNull" : "Possible.absent";
    }
}
