package dev.concord.presence.activity;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Typed reads of one JSON object's fields, each wrong type recorded under its field with the platform's
 * code: activities arrive inside gateway payloads as well as request bodies, so they are read from the
 * tree rather than bound. Absent and null both read as null.
 */
public final class JsonFields {

    private final JsonNode object;
    private final Violations violations;

    public JsonFields(JsonNode object, Violations violations) {
        this.object = object;
        this.violations = violations;
    }

    public Violations violations() {
        return violations;
    }

    @Nullable
    public JsonNode node(String field) {
        JsonNode value = object.get(field);
        return value == null || value.isNull() ? null : value;
    }

    @Nullable
    public String string(String field) {
        JsonNode value = node(field);
        if (value == null) {
            return null;
        }
        if (!value.isString()) {
            violations.add(field, "BASE_TYPE_STRING", "Could not interpret \"" + shown(value) + "\" as string.");
            return null;
        }
        return value.stringValue();
    }

    @Nullable
    public Long integer(String field) {
        JsonNode value = node(field);
        if (value == null) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            violations.add(field, "NUMBER_TYPE_COERCE", "Value \"" + shown(value) + "\" is not int.");
            return null;
        }
        return value.longValue();
    }

    /** An integer written as a number or as a string of digits, as clients write Unix milliseconds. */
    @Nullable
    public Long millis(String field) {
        JsonNode value = node(field);
        if (value == null) {
            return null;
        }
        if (value.isString() && value.stringValue().matches("\\d{1,18}")) {
            return Long.parseLong(value.stringValue());
        }
        if (value.isIntegralNumber() && value.canConvertToLong() && value.longValue() >= 0) {
            return value.longValue();
        }
        violations.add(field, "NUMBER_TYPE_COERCE", "Value \"" + shown(value) + "\" is not int.");
        return null;
    }

    @Nullable
    public Boolean bool(String field) {
        JsonNode value = node(field);
        if (value == null) {
            return null;
        }
        if (!value.isBoolean()) {
            violations.add(field, "BASE_TYPE_BOOLEAN", "Must be either true or false.");
            return null;
        }
        return value.booleanValue();
    }

    @Nullable
    public Snowflake snowflake(String field) {
        JsonNode value = node(field);
        if (value == null) {
            return null;
        }
        String text = value.isString() ? value.stringValue() : value.isIntegralNumber() ? value.asString() : null;
        Snowflake id = text == null ? null : Snowflake.parseOrNull(text);
        if (id == null) {
            violations.add(field, "NUMBER_TYPE_COERCE", "Value \"" + shown(value) + "\" is not snowflake.");
        }
        return id;
    }

    /** A nested object's fields, its errors under {@code field}; null when absent or not an object (recorded). */
    @Nullable
    public JsonFields object(String field) {
        JsonNode value = node(field);
        if (value == null) {
            return null;
        }
        if (!value.isObject()) {
            violations.add(field, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
            return null;
        }
        return new JsonFields(value, violations.at(field));
    }

    /** A list's items; null when absent or not a list (recorded). */
    @Nullable
    public List<JsonNode> list(String field) {
        JsonNode value = node(field);
        if (value == null) {
            return null;
        }
        if (!value.isArray()) {
            violations.add(field, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType");
            return null;
        }
        List<JsonNode> items = new ArrayList<>(value.size());
        value.forEach(items::add);
        return items;
    }

    /** A list of strings; a non-string item is recorded under its index. */
    @Nullable
    public List<String> strings(String field) {
        List<JsonNode> items = list(field);
        if (items == null) {
            return null;
        }
        List<String> strings = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            if (item.isString()) {
                strings.add(item.stringValue());
            } else {
                violations
                        .at(field)
                        .add(
                                Integer.toString(i),
                                "BASE_TYPE_STRING",
                                "Could not interpret \"" + shown(item) + "\" as string.");
            }
        }
        return strings;
    }

    private static String shown(JsonNode value) {
        String text = value.isString() ? value.stringValue() : value.toString();
        return text.length() > 32 ? text.substring(0, 32) + "…" : text;
    }
}
