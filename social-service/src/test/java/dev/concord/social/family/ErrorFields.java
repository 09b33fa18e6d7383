package dev.concord.social.family;

import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/** The dotted paths of the fields a 50035 names, e.g. {@code recipient_id}. */
final class ErrorFields {

    private ErrorFields() {}

    static Set<String> of(JsonNode errors) {
        Set<String> out = new TreeSet<>();
        collect("", errors, out);
        return out;
    }

    private static void collect(String path, JsonNode node, Set<String> out) {
        for (var field : node.properties()) {
            if (field.getKey().equals("_errors")) {
                out.add(path);
            } else {
                collect(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), out);
            }
        }
    }
}
