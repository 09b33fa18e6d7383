package dev.concord.platform.test.schema;

import dev.concord.platform.test.hostile.BodyShape;
import java.lang.reflect.Type;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The field names a request body has, top level and one level down ({@code custom_status.text}, {@code
 * roles[].name}), on both sides: as the service's own mapper reads our request type, and as the platform's
 * description writes the operation's schema. A nested name is given only where its parent is an object
 * on that side, so a field we keep as a raw tree or a map is not said to miss its children.
 */
final class RequestFields {

    private RequestFields() {}

    /** The names {@code mapper} reads into {@code type} (a list body: the names of its elements). */
    static Set<String> ours(Type type, ObjectMapper mapper) {
        return BodyShape.of(type, mapper).names();
    }

    /** The names the description's request {@code schema} allows: the union over oneOf, anyOf and allOf. */
    static Set<String> platforms(JsonNode schema, PlatformSpec spec) {
        Set<String> names = new LinkedHashSet<>();
        addPlatforms(spec, schema, "", 0, names);
        return names;
    }

    private static void addPlatforms(PlatformSpec spec, JsonNode node, String prefix, int depth, Set<String> names) {
        JsonNode schema = spec.resolve(node);
        for (String union : List.of("oneOf", "anyOf", "allOf")) {
            for (JsonNode alternative : schema.path(union)) {
                addPlatforms(spec, alternative, prefix, depth, names);
            }
        }
        if (schema.has("items")) {
            String itemPrefix = prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1) + "[].";
            addPlatforms(spec, schema.path("items"), itemPrefix, depth, names);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it =
                        schema.path("properties").properties().iterator();
                it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            String name = prefix + property.getKey();
            names.add(name);
            if (depth == 0) {
                addPlatforms(spec, property.getValue(), name + ".", 1, names);
            }
        }
    }
}
