package dev.concord.social;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Flattens a 50035 error tree into "path -> codes", e.g. {@code guild_folders.0.color -> [NUMBER_TYPE_MAX]}. */
public final class ErrorPaths {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ErrorPaths() {}

    public static Map<String, List<String>> of(Object errors) {
        Map<String, List<String>> out = new TreeMap<>();
        collect("", JSON.valueToTree(errors), out);
        return out;
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
