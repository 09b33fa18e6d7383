package dev.concord.platform.test.hostile;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.introspect.BeanPropertyDefinition;

/**
 * A request type's fields as the service's own mapper reads them: JSON names (its naming strategy
 * applied), kinds, and the fields of nested records one level down. A body that is a list (a reorder,
 * say) has the fields of its elements.
 *
 * @param list whether the body is a JSON array of objects rather than one object
 */
public record BodyShape(boolean list, List<BodyField> fields) {

    /** A path segment meaning "the first element of this array". */
    static final String FIRST_ELEMENT = "[]";

    private static final Set<Class<?>> INTEGERS = Set.of(
            Integer.class,
            int.class,
            Long.class,
            long.class,
            Short.class,
            short.class,
            Byte.class,
            byte.class,
            BigInteger.class);
    private static final Set<Class<?>> NUMBERS =
            Set.of(Double.class, double.class, Float.class, float.class, BigDecimal.class, Number.class);

    public static BodyShape of(Type type, ObjectMapper mapper) {
        JavaType root = unwrap(mapper.constructType(type));
        boolean list = root.isCollectionLikeType() || root.isArrayType();
        JavaType element = list ? unwrap(root.getContentType()) : root;
        List<BodyField> fields = new ArrayList<>();
        if (isBean(element)) {
            for (BeanPropertyDefinition property : properties(mapper, element)) {
                JavaType propertyType = unwrap(property.getPrimaryType());
                List<String> path = List.of(property.getName());
                fields.add(new BodyField(path, kindOf(propertyType)));
                addNested(mapper, path, propertyType, fields);
            }
        }
        return new BodyShape(list, List.copyOf(fields));
    }

    /** The fields' names written as paths are in a schema: {@code custom_status.text}, {@code roles[].name}. */
    public Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        for (BodyField field : fields) {
            names.add(String.join(".", field.path()).replace("." + FIRST_ELEMENT + ".", FIRST_ELEMENT + "."));
        }
        return names;
    }

    /** The fields of a nested record, or of the records in a nested list, one level down. */
    private static void addNested(ObjectMapper mapper, List<String> path, JavaType type, List<BodyField> fields) {
        List<String> prefix = new ArrayList<>(path);
        JavaType nested = type;
        if (type.isCollectionLikeType() || type.isArrayType()) {
            prefix.add(FIRST_ELEMENT);
            nested = unwrap(type.getContentType());
        }
        if (!isBean(nested)) {
            return;
        }
        for (BeanPropertyDefinition property : properties(mapper, nested)) {
            List<String> full = new ArrayList<>(prefix);
            full.add(property.getName());
            fields.add(new BodyField(List.copyOf(full), kindOf(unwrap(property.getPrimaryType()))));
        }
    }

    private static List<BeanPropertyDefinition> properties(ObjectMapper mapper, JavaType type) {
        return mapper._deserializationContext().introspectBeanDescriptionForCreation(type).findProperties().stream()
                .filter(BeanPropertyDefinition::couldDeserialize)
                .toList();
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

    private static FieldKind kindOf(JavaType type) {
        Class<?> raw = type.getRawClass();
        if (CharSequence.class.isAssignableFrom(raw)
                || raw.getPackageName().equals("java.time")
                || raw == Character.class
                || raw == char.class) {
            return FieldKind.STRING;
        }
        if (INTEGERS.contains(raw)) {
            return FieldKind.INTEGER;
        }
        if (NUMBERS.contains(raw)) {
            return FieldKind.NUMBER;
        }
        if (raw == Boolean.class || raw == boolean.class) {
            return FieldKind.BOOLEAN;
        }
        if (raw == Snowflake.class) {
            return FieldKind.SNOWFLAKE;
        }
        if (type.isCollectionLikeType() || type.isArrayType()) {
            return FieldKind.ARRAY;
        }
        if (type.isMapLikeType() || isBean(type)) {
            return FieldKind.OBJECT;
        }
        return FieldKind.ANY;
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
