package dev.concord.platform.test.schema;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where our responses deliberately differ from the platform's description, each with the reason. The
 * description is patched with these before any response is validated, so a difference not listed here
 * fails the test that met it, and an entry that no longer names a field of the description fails every
 * test (a stale entry would hide nothing, but would say something untrue).
 */
public final class SpecDifferences {

    /** One deliberate difference and why we have it. */
    public sealed interface Difference {
        String why();

        /** Where, for messages: the schema's field or the operation. */
        String where();
    }

    /** {@code schema} requires {@code fields}; our answers may leave them out. */
    public record OptionalFields(String schema, List<String> fields, String why) implements Difference {
        public OptionalFields {
            fields = List.copyOf(fields);
        }

        @Override
        public String where() {
            return schema + "." + fields + " (may be absent)";
        }
    }

    /** {@code schema}'s {@code field} is never null there; ours may be. */
    public record NullableField(String schema, String field, String why) implements Difference {
        @Override
        public String where() {
            return schema + "." + field + " (may be null)";
        }
    }

    /** {@code schema}'s {@code field} also takes {@code value}, which the description does not list. */
    public record ExtraValue(String schema, String field, int value, String why) implements Difference {
        @Override
        public String where() {
            return schema + "." + field + " (also " + value + ")";
        }
    }

    /** Operation {@code operationId} answers {@code specStatus} there and {@code ourStatus} here, with the same body. */
    public record OtherStatus(String operationId, int ourStatus, int specStatus, String why) implements Difference {
        @Override
        public String where() {
            return operationId + " (" + ourStatus + " for " + specStatus + ")";
        }
    }

    /** Every deliberate difference. Keep each reason true: when it no longer is, remove the entry. */
    public static final List<Difference> ALL = List.of(
            new OptionalFields(
                    "InviteApplicationResponse",
                    List.of("name", "icon", "description", "type", "verify_key", "flags", "flags_new"),
                    "An embedded-application invite's target_application carries only its id: applications live in"
                            + " remote-auth-service and guild-service keeps no copy of them (InviteData.Application)."),
            new ExtraValue(
                    "MLSpamRuleResponse",
                    "trigger_type",
                    7,
                    "GUILD_POLICY (7) auto moderation rules, which the description does not list yet, answer as"
                            + " SPAM rules do: trigger_metadata {} and an alert as their only action."));

    private SpecDifferences() {}

    /** Applies the schema differences to the description's components; throws when one names nothing. */
    static void patch(ObjectNode spec, List<Difference> differences) {
        JsonNode schemas = spec.path("components").path("schemas");
        for (Difference difference : differences) {
            if (difference instanceof OptionalFields optional) {
                for (String field : optional.fields()) {
                    ObjectNode schema = schema(schemas, optional.schema(), field);
                    ArrayNode required = (ArrayNode) schema.path("required");
                    int index = indexOf(required, field);
                    if (index < 0) {
                        throw new IllegalStateException(
                                "Stale difference: " + optional.schema() + " does not require " + field);
                    }
                    required.remove(index);
                }
            } else if (difference instanceof ExtraValue extra) {
                ObjectNode properties = (ObjectNode)
                        schema(schemas, extra.schema(), extra.field()).path("properties");
                JsonNode field = properties.get(extra.field());
                ObjectNode orValue = JsonNodeFactory.instance.objectNode();
                orValue.putArray("anyOf")
                        .add(field)
                        .add(JsonNodeFactory.instance.objectNode().put("const", extra.value()));
                properties.set(extra.field(), orValue);
            } else if (difference instanceof NullableField nullable) {
                ObjectNode properties = (ObjectNode)
                        schema(schemas, nullable.schema(), nullable.field()).path("properties");
                JsonNode field = properties.get(nullable.field());
                ObjectNode orNull = JsonNodeFactory.instance.objectNode();
                orNull.putArray("anyOf")
                        .add(JsonNodeFactory.instance.objectNode().put("type", "null"))
                        .add(field);
                properties.set(nullable.field(), orNull);
            }
        }
    }

    private static ObjectNode schema(JsonNode schemas, String name, String field) {
        JsonNode schema = schemas.path(name);
        if (!(schema instanceof ObjectNode object) || !schema.path("properties").has(field)) {
            throw new IllegalStateException(
                    "Stale difference: the description has no schema " + name + " with a field " + field);
        }
        return object;
    }

    private static int indexOf(ArrayNode array, String value) {
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i).asString().equals(value)) {
                return i;
            }
        }
        return -1;
    }
}
