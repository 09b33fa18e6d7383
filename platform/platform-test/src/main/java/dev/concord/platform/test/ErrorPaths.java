package dev.concord.platform.test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Flattens a 50035 error tree into dotted paths, e.g. {@code guild_folders.0.color -> [NUMBER_TYPE_MAX]},
 * so a test compares which fields were refused, and why, in one assertion.
 */
public final class ErrorPaths {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ErrorPaths() {}

    /** Each refused field's path and its error codes, in path order. */
    public static Map<String, List<String>> of(Object errors) {
        Map<String, List<String>> out = new TreeMap<>();
        collect("", JSON.valueToTree(errors), out);
        return out;
    }

    /** The paths of the refused fields alone, in order, e.g. {@code recipient_id}. */
    public static Set<String> fields(Object errors) {
        return of(errors).keySet();
    }

    private static void collect(String path, JsonNode node, Map<String, List<String>> out) {
        for (var field : node.properties()) {
            if (field.getKey().equals("_errors")) {
                List<String> codes = field.getValue()
                        .valueStream()
                        .map(e -> e.path("code").asString())
                        .toList();
                out.put(path, codes);
            } else {
                collect(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), out);
            }
        }
    }
}
