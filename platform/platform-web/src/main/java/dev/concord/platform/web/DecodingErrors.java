package dev.concord.platform.web;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Turns a JSON decoding failure into the platform's answer: a body that is not JSON at all is 50109; a
 * value of the wrong type is a 50035 naming the field, with the platform's type-error codes.
 */
final class DecodingErrors {

    private DecodingErrors() {}

    static ApiException translate(JacksonException e) {
        if (e instanceof InputCoercionException overflow && overflow.processor() != null) {
            return outOfRange(overflow.processor().streamReadContext());
        }
        if (e instanceof StreamReadException && !(e instanceof DatabindException)) {
            return ApiErrors.invalidJson();
        }
        List<JacksonException.Reference> path = e.getPath();
        if (path.isEmpty()) {
            return ApiErrors.invalidJson();
        }
        Violations violations = new Violations();
        Violations node = violations;
        for (int i = 0; i < path.size() - 1; i++) {
            node = descend(node, path.get(i));
        }
        JacksonException.Reference last = path.get(path.size() - 1);
        String field = last.getPropertyName() != null ? last.getPropertyName() : Integer.toString(last.getIndex());
        Class<?> target = e instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null;
        Object value = e instanceof InvalidFormatException invalid ? invalid.getValue() : null;
        String[] codeAndMessage = typeError(target, value);
        node.add(field, codeAndMessage[0], codeAndMessage[1]);
        return violations.toException();
    }

    /** A number too large for its field: the parser knows where it stood, though the exception has no path. */
    private static ApiException outOfRange(TokenStreamContext context) {
        List<String> path = new ArrayList<>();
        for (TokenStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            path.add(0, c.inArray() ? Integer.toString(c.getCurrentIndex()) : c.currentName());
        }
        if (path.isEmpty() || path.contains(null)) {
            return ApiErrors.invalidJson();
        }
        Violations violations = new Violations();
        Violations node = violations;
        for (int i = 0; i < path.size() - 1; i++) {
            node = node.at(path.get(i));
        }
        node.add(path.get(path.size() - 1), "NUMBER_TYPE_MAX", "Value is too large.");
        return violations.toException();
    }

    private static Violations descend(Violations node, JacksonException.Reference ref) {
        return ref.getPropertyName() != null ? node.at(ref.getPropertyName()) : node.at(ref.getIndex());
    }

    private static String[] typeError(@Nullable Class<?> target, @Nullable Object value) {
        String shown = value == null ? "" : String.valueOf(value);
        if (target == null) {
            return new String[] {"BASE_TYPE_INVALID", "Invalid value."};
        }
        if (target == Boolean.class || target == boolean.class) {
            return new String[] {"BASE_TYPE_BOOLEAN", "Must be either true or false."};
        }
        if (Number.class.isAssignableFrom(target) || target.isPrimitive()) {
            return new String[] {"NUMBER_TYPE_COERCE", "Value \"" + shown + "\" is not int."};
        }
        if (target == String.class) {
            return new String[] {"BASE_TYPE_STRING", "Could not interpret \"" + shown + "\" as string."};
        }
        if (target.getSimpleName().equals("Snowflake")) {
            return new String[] {"NUMBER_TYPE_COERCE", "Value \"" + shown + "\" is not snowflake."};
        }
        if (Collection.class.isAssignableFrom(target) || target.isArray()) {
            return new String[] {"LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"};
        }
        if (Map.class.isAssignableFrom(target) || target.isRecord()) {
            return new String[] {"DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"};
        }
        if (target.isEnum()) {
            return new String[] {"BASE_TYPE_CHOICES", "Value must be one of the allowed choices."};
        }
        return new String[] {"BASE_TYPE_INVALID", "Invalid value."};
    }
}
