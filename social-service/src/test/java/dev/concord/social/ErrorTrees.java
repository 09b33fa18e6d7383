package dev.concord.social;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/** Flattens a 50035 error tree into "path -> codes", e.g. {@code grant.0 -> [BASE_TYPE_CHOICES]}. */
public final class ErrorTrees {

    private ErrorTrees() {}

    public static Map<String, List<String>> paths(JsonNode errors) {
        Map<String, List<String>> out = new TreeMap<>();
        collect("", errors, out);
        return out;
    }

    private static void collect(String path, JsonNode node, Map<String, List<String>> out) {
        for (var field : node.properties()) {
            if (field.getKey().equals("_errors")) {
                out.put(path, field.getValue().valueStream().map(e -> e.path("code").asString()).toList());
            } else {
                collect(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), out);
            }
        }
    }
}
