package dev.concord.platform.web;

import dev.concord.platform.json.Json;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A body's bytes to a value, the platform's way: strict UTF-8, then a JSON tree, then the target type
 * (or, for a body without escapes that reads without error, the target type at once).
 * Every field that cannot be stored or has the wrong type is named in one 50035, as the platform does:
 * Jackson stops at the first bad value, so each one is recorded at its path, taken out of the tree, and
 * the tree converted again, a bounded number of times.
 */
final class JsonBodyReader {

    /** Enough for any honest body; a body with more bad fields than this gets the first ones named. */
    private static final int MAX_ROUNDS = 50;

    private JsonBodyReader() {}

    /** The value, or null when the body holds JSON {@code null} or only whitespace. */
    static <T> @Nullable T read(byte[] bytes, JavaType type) {
        String text = strictUtf8(bytes);
        // A body without escapes can hold neither a NUL nor a lone surrogate (strict UTF-8 refused encoded
        // ones, JSON refuses raw control characters), so nearly every body goes straight to its type, read
        // once; a body that fails so is read again below, which names every bad field.
        if (text.indexOf("\\u") < 0) {
            try {
                return Json.mapper().readValue(text, type);
            } catch (JacksonException readBelow) {
                // As the comment says: the tree's rounds make the error.
            }
        }
        JsonNode tree;
        try {
            tree = Json.mapper().readTree(text);
        } catch (JacksonException notJson) {
            throw ApiErrors.invalidJson();
        }
        if (tree.isMissingNode() || tree.isNull()) {
            return null;
        }
        Violations violations = new Violations();
        Set<List<String>> reported = new HashSet<>();
        UnstorableText.refuse(tree, violations, new ArrayList<>(), reported);
        for (int round = 0; ; round++) {
            try {
                T value = Json.mapper().treeToValue(tree, type);
                violations.throwIfAny();
                return value;
            } catch (JacksonException e) {
                List<String> path = DecodingErrors.path(e);
                if (path == null || path.isEmpty()) {
                    // Not about one field (a body of the wrong shape altogether): as invalid as bad JSON.
                    violations.throwIfAny();
                    throw DecodingErrors.translate(e);
                }
                // A field left out that may not be (a primitive, say) reads as null: it is required.
                JsonNode sent = Objects.requireNonNullElse(at(tree, path), NullNode.getInstance());
                boolean again = !reported.add(path);
                if (!again) {
                    DecodingErrors.FieldError error = DecodingErrors.fieldError(e, sent);
                    Violations node = violations;
                    for (String segment : path.subList(0, path.size() - 1)) {
                        node = node.at(segment);
                    }
                    node.add(path.get(path.size() - 1), error.code(), error.message());
                }
                if (round == MAX_ROUNDS || !takeOut(tree, path, again)) {
                    throw violations.toException();
                }
            }
        }
    }

    /** Decodes UTF-8 refusing what is not: overlong forms, encoded surrogates, stray bytes (50109). */
    private static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException notUtf8) {
            throw ApiErrors.invalidJson();
        }
    }

    static @Nullable JsonNode at(JsonNode tree, List<String> path) {
        JsonNode node = tree;
        for (String segment : path) {
            if (node instanceof ObjectNode object) {
                node = object.get(segment);
            } else if (node instanceof ArrayNode array && isIndex(segment)) {
                node = array.get(Integer.parseInt(segment));
            } else {
                return null;
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /**
     * Takes the value at {@code path} out of the tree so the next conversion gets past it. A list item is
     * replaced by null, keeping the indexes of the items after it; when that fails again ({@code again}),
     * or the value is missing altogether (a required field left out), the nearest enclosing object
     * property goes. False when nothing can be taken out.
     */
    static boolean takeOut(JsonNode tree, List<String> path, boolean again) {
        JsonNode parent = at(tree, path.subList(0, path.size() - 1));
        String last = path.get(path.size() - 1);
        if (!again && parent instanceof ObjectNode object && object.remove(last) != null) {
            return true;
        }
        if (!again && parent instanceof ArrayNode array && isIndex(last) && array.get(Integer.parseInt(last)) != null) {
            array.set(Integer.parseInt(last), NullNode.getInstance());
            return true;
        }
        for (int i = path.size() - 2; i >= 0; i--) {
            if (at(tree, path.subList(0, i)) instanceof ObjectNode object) {
                return object.remove(path.get(i)) != null;
            }
        }
        return false;
    }

    private static boolean isIndex(String segment) {
        return !segment.isEmpty() && segment.length() < 10 && segment.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
