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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Turns a JSON decoding failure into the platform's answer: a body that is not JSON at all is 50109; a
 * value of the wrong type is a 50035 naming the field, with the platform's type-error codes and the
 * value that was sent ({@code Value "red" is not int.}).
 */
final class DecodingErrors {

    /** A value shown back in a message is cut here: the body it came from may be a megabyte long. */
    private static final int MAX_SHOWN = 100;

    record FieldError(String code, String message) {}

    private DecodingErrors() {}

    /** For a failure outside {@link JsonBodyReader} (its tree unknown): one field named, without its value. */
    static ApiException translate(JacksonException e) {
        List<String> path = path(e);
        if (path == null || path.isEmpty()) {
            return ApiErrors.invalidJson();
        }
        Violations violations = new Violations();
        Violations node = violations;
        for (String segment : path.subList(0, path.size() - 1)) {
            node = node.at(segment);
        }
        FieldError error = fieldError(e, null);
        node.add(path.get(path.size() - 1), error.code(), error.message());
        return violations.toException();
    }

    /**
     * Where in the body the failure stood, as property names and list indexes; null when it is not about a
     * value (malformed JSON). A number too large for its field has no path of its own, but the parser knows
     * where it stood.
     */
    static @Nullable List<String> path(JacksonException e) {
        if (e instanceof InputCoercionException overflow
                && overflow.processor() != null
                && e.getPath().isEmpty()) {
            List<String> path = new ArrayList<>();
            for (TokenStreamContext c = overflow.processor().streamReadContext();
                    c != null && !c.inRoot();
                    c = c.getParent()) {
                String segment = c.inArray() ? Integer.toString(c.getCurrentIndex()) : c.currentName();
                if (segment == null) {
                    return null;
                }
                path.add(0, segment);
            }
            return path;
        }
        if (e instanceof StreamReadException
                && !(e instanceof DatabindException)
                && !(e instanceof InputCoercionException)) {
            return null;
        }
        List<String> path = new ArrayList<>();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                path.add(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.add(Integer.toString(ref.getIndex()));
            } else {
                return null;
            }
        }
        return path;
    }

    /** The platform's code and message for the failure, showing {@code sent} when it is known. */
    static FieldError fieldError(JacksonException e, @Nullable JsonNode sent) {
        if (e instanceof InputCoercionException) {
            return new FieldError("NUMBER_TYPE_MAX", "Value is too large.");
        }
        if (sent != null && sent.isNull()) {
            return new FieldError("BASE_TYPE_REQUIRED", "This field is required");
        }
        Class<?> target = e instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null;
        String shown = sent != null
                ? shown(sent)
                : e instanceof InvalidFormatException invalid ? String.valueOf(invalid.getValue()) : "";
        return typeError(target, shown);
    }

    private static String shown(JsonNode sent) {
        String text = sent.isString() ? sent.stringValue() : sent.toString();
        return text.length() <= MAX_SHOWN ? text : text.substring(0, MAX_SHOWN) + "...";
    }

    private static FieldError typeError(@Nullable Class<?> target, String shown) {
        if (target == null) {
            return new FieldError("BASE_TYPE_INVALID", "Invalid value.");
        }
        if (target == Boolean.class || target == boolean.class) {
            return new FieldError("BASE_TYPE_BOOLEAN", "Must be either true or false.");
        }
        if (Number.class.isAssignableFrom(target) || target.isPrimitive()) {
            return new FieldError("NUMBER_TYPE_COERCE", "Value \"" + shown + "\" is not int.");
        }
        if (target == String.class) {
            return new FieldError("BASE_TYPE_STRING", "Could not interpret \"" + shown + "\" as string.");
        }
        if (target.getSimpleName().equals("Snowflake")) {
            return new FieldError("NUMBER_TYPE_COERCE", "Value \"" + shown + "\" is not snowflake.");
        }
        if (Collection.class.isAssignableFrom(target) || target.isArray()) {
            return new FieldError("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType");
        }
        if (Map.class.isAssignableFrom(target) || target.isRecord()) {
            return new FieldError("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
        }
        if (target.isEnum()) {
            return new FieldError("BASE_TYPE_CHOICES", "Value must be one of the allowed choices.");
        }
        return new FieldError("BASE_TYPE_INVALID", "Invalid value.");
    }
}
