package dev.concord.platform.test.schema;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.lang.reflect.Type;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.introspect.BeanPropertyDefinition;

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
        Set<String> names = new LinkedHashSet<>();
        JavaType root = unwrap(mapper.constructType(type));
        if (root.isCollectionLikeType() || root.isArrayType()) {
            root = unwrap(root.getContentType());
        }
        addOurs(mapper, root, "", 0, names);
        return names;
    }

    private static void addOurs(ObjectMapper mapper, JavaType type, String prefix, int depth, Set<String> names) {
        if (!isBean(type)) {
            return;
        }
        List<BeanPropertyDefinition> properties =
                mapper._deserializationContext().introspectBeanDescriptionForCreation(type).findProperties().stream()
                        .filter(BeanPropertyDefinition::couldDeserialize)
                        .toList();
        for (BeanPropertyDefinition property : properties) {
            String name = prefix + property.getName();
            names.add(name);
            if (depth == 0) {
                JavaType propertyType = unwrap(property.getPrimaryType());
                if (propertyType.isCollectionLikeType() || propertyType.isArrayType()) {
                    addOurs(mapper, unwrap(propertyType.getContentType()), name + "[].", 1, names);
                } else {
                    addOurs(mapper, propertyType, name + ".", 1, names);
                }
            }
        }
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

    /** The type a field's JSON has: {@code Possible<Optional<T>>} and the like are {@code T} on the wire. */
    private static JavaType unwrap(JavaType type) {
        JavaType current = type;
        while (true) {
            if (current.isReferenceType()) {
                current = current.getReferencedType();
            } else if (current.getRawClass() == Possible.class) {
                current = current.containedTypeOrUnknown(0);
            } else {
                return current;
            }
        }
    }

    /** A record or class read property by property (not a JDK type, a JSON tree, an id or an enum). */
    private static boolean isBean(JavaType type) {
        Class<?> raw = type.getRawClass();
        return !type.isContainerType()
                && !type.isPrimitive()
                && !raw.isEnum()
                && !raw.getName().startsWith("java.")
                && !JsonNode.class.isAssignableFrom(raw)
                && raw != Snowflake.class
                && raw != Object.class;
    }
}
