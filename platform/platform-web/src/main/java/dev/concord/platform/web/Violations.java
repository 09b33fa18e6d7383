package dev.concord.platform.web;

import dev.concord.platform.json.Possible;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Collects every field error of one request body and raises them together as one 50035, shaped the way
 * the platform nests them: {@code {"custom_status": {"text": {"_errors": [{"code", "message"}]}}}}, with
 * list items keyed by their index ({@code "guild_folders": {"0": {...}}}).
 *
 * <p>Request types declare their rules in a {@code validate(Violations)} method; handlers call
 * {@link #check(Validatable)}.
 */
public final class Violations {

    /** A request type whose rules are declared once, on the type. */
    public interface Validatable {
        void validate(Violations violations);
    }

    private final Map<String, Object> tree;
    private final Violations root;
    private boolean any;

    public Violations() {
        this.tree = new LinkedHashMap<>();
        this.root = this;
    }

    private Violations(Map<String, Object> tree, Violations root) {
        this.tree = tree;
        this.root = root;
    }

    /** Validates {@code request} and throws one 50035 naming every bad field, if any. */
    public static <T extends Validatable> T check(T request) {
        Violations violations = new Violations();
        request.validate(violations);
        violations.throwIfAny();
        return request;
    }

    /** The violations of a nested object or list item; its errors land under {@code key}. */
    @SuppressWarnings("unchecked")
    public Violations at(String key) {
        Map<String, Object> child =
                (Map<String, Object>) tree.computeIfAbsent(key, k -> new LinkedHashMap<String, Object>());
        return new Violations(child, root);
    }

    public Violations at(int index) {
        return at(Integer.toString(index));
    }

    @SuppressWarnings("unchecked")
    /** An error of {@code field}, or of this node itself when {@code field} is null. */
    public Violations add(@Nullable String field, String code, String message) {
        Map<String, Object> node = field == null ? tree : at(field).tree;
        List<Map<String, String>> errors =
                (List<Map<String, String>>) node.computeIfAbsent("_errors", k -> new ArrayList<>());
        errors.add(Map.of("code", code, "message", message));
        root.any = true;
        return this;
    }

    public boolean isEmpty() {
        return !root.any;
    }

    public void throwIfAny() {
        if (root.any) {
            throw toException();
        }
    }

    /** The 50035 carrying every violation collected so far. */
    public ApiException toException() {
        return ApiErrors.invalidFormBody(prune(root.tree));
    }

    // --- rules -------------------------------------------------------------------------------------

    public Violations required(String field, @Nullable Object value) {
        return value == null ? add(field, "BASE_TYPE_REQUIRED", "This field is required") : this;
    }

    /**
     * For a field that may be left out but, when sent, may not be null: refuses the null Jackson read into
     * its {@code Possible} ({@link Possible#isSentNull()}), as the platform does, with this body's other
     * violations.
     */
    public Violations notNullIfSent(String field, Possible<?> value) {
        return value.isSentNull() ? required(field, null) : this;
    }

    /** Length in characters (code points, as the platform counts them); null passes. */
    public Violations length(String field, @Nullable String value, int min, int max) {
        if (value == null) {
            return this;
        }
        int length = value.codePointCount(0, value.length());
        if (length < min || length > max) {
            add(field, "BASE_TYPE_BAD_LENGTH", lengthMessage(min, max));
        }
        return this;
    }

    public Violations maxItems(@Nullable String field, @Nullable Collection<?> value, int max) {
        if (value != null && value.size() > max) {
            add(field, "BASE_TYPE_MAX_LENGTH", "Must be " + max + " or fewer in length.");
        }
        return this;
    }

    public Violations range(String field, @Nullable Long value, long min, long max) {
        if (value == null) {
            return this;
        }
        if (value < min) {
            add(field, "NUMBER_TYPE_MIN", "int value should be greater than or equal to " + min + ".");
        } else if (value > max) {
            add(field, "NUMBER_TYPE_MAX", "int value should be less than or equal to " + max + ".");
        }
        return this;
    }

    public Violations range(String field, @Nullable Integer value, long min, long max) {
        return range(field, value == null ? null : value.longValue(), min, max);
    }

    public Violations oneOf(String field, @Nullable Object value, Collection<?> choices) {
        if (value != null && !choices.contains(value)) {
            String listed = choices.stream().map(Violations::quote).collect(Collectors.joining(", "));
            add(field, "BASE_TYPE_CHOICES", "Value must be one of {" + listed + "}.");
        }
        return this;
    }

    /** Every set bit must be one of {@code allowed}. */
    public Violations flags(String field, @Nullable Long value, long allowed) {
        if (value != null && (value < 0 || (value & ~allowed) != 0)) {
            add(field, "BASE_TYPE_BAD_FLAGS", "Value contains unknown flags.");
        }
        return this;
    }

    public Violations flags(String field, @Nullable Integer value, long allowed) {
        return flags(field, value == null ? null : value.longValue(), allowed);
    }

    private static String lengthMessage(int min, int max) {
        if (min <= 0) {
            return "Must be " + max + " or fewer in length.";
        }
        return "Must be between " + min + " and " + max + " in length.";
    }

    private static String quote(Object choice) {
        return choice instanceof String s ? "'" + s + "'" : String.valueOf(choice);
    }

    /** Drops the empty branches {@link #at} created for fields that turned out fine. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> prune(Map<String, Object> node) {
        Map<String, Object> out = new LinkedHashMap<>();
        node.forEach((key, value) -> {
            if (value instanceof Map<?, ?> child) {
                Map<String, Object> pruned = prune((Map<String, Object>) child);
                if (!pruned.isEmpty()) {
                    out.put(key, pruned);
                }
            } else {
                out.put(key, value);
            }
        });
        return out;
    }
}
