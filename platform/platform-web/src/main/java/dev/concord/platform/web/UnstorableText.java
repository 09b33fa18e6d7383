package dev.concord.platform.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Refuses text no service can keep as sent: the NUL character (PostgreSQL's text cannot hold U+0000, so
 * it used to fail the write with a 500) and unpaired surrogates ({@code "\ud800"}, which UTF-8 cannot
 * encode, so they were stored as something else). Either, in any string value or object key, is a 50035
 * {@code BASE_TYPE_INVALID} naming the field, the platform's code for a value of the right type that is
 * still not acceptable; the value is taken out of the tree so the body's other errors are named too.
 */
final class UnstorableText {

    static final String CODE = "BASE_TYPE_INVALID";

    private UnstorableText() {}

    static void refuse(JsonNode node, Violations violations, List<String> path, Set<List<String>> reported) {
        if (node instanceof ObjectNode object) {
            List<String> badKeys = new ArrayList<>();
            for (Map.Entry<String, JsonNode> property : object.properties()) {
                String key = property.getKey();
                String problem = problem(key);
                if (problem != null) {
                    // The key itself cannot be echoed back safely; the error goes on the object holding it.
                    violations.add(null, CODE, "Key " + problem);
                    badKeys.add(key);
                    continue;
                }
                List<String> child = append(path, key);
                if (refuseValue(property.getValue(), violations.at(key), child, reported)) {
                    badKeys.add(key);
                }
            }
            badKeys.forEach(object::remove);
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                List<String> child = append(path, Integer.toString(i));
                if (refuseValue(array.get(i), violations.at(i), child, reported)) {
                    array.set(i, NullNode.getInstance());
                }
            }
        }
    }

    /** True when the value itself is refused and must be taken out. */
    private static boolean refuseValue(JsonNode value, Violations at, List<String> path, Set<List<String>> reported) {
        if (value.isString()) {
            String problem = problem(value.stringValue());
            if (problem != null) {
                at.add(null, CODE, "Value " + problem);
                reported.add(path);
                return true;
            }
            return false;
        }
        refuse(value, at, path, reported);
        return false;
    }

    /** What is wrong with {@code text}, or null when it can be stored as it is. */
    static @Nullable String problem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                return "must not contain the NUL character.";
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return "must not contain an unpaired surrogate.";
            }
            if (Character.isLowSurrogate(c)) {
                return "must not contain an unpaired surrogate.";
            }
        }
        return null;
    }

    private static List<String> append(List<String> path, String segment) {
        List<String> child = new ArrayList<>(path.size() + 1);
        child.addAll(path);
        child.add(segment);
        return child;
    }
}
