package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.Violations;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A permission overwrite as clients send it: {@code allow} and {@code deny} as decimal strings (numbers
 * are accepted too, as some client libraries send them), {@code type} 0 for a role, 1 for a member.
 */
public record OverwriteRequest(Snowflake id, Integer type, Possible<JsonNode> allow, Possible<JsonNode> deny) {

    static final List<Integer> TYPES = List.of(0, 1);
    static final int MAX_OVERWRITES = 100;

    void validate(Violations v) {
        v.required("id", id);
        v.required("type", type);
        v.oneOf("type", type, TYPES);
        bits(v, "allow", allow);
        bits(v, "deny", deny);
    }

    /** Checks a list of overwrites under {@code permission_overwrites}; null passes. */
    static void validateAll(Violations v, List<OverwriteRequest> overwrites) {
        v.maxItems("permission_overwrites", overwrites, MAX_OVERWRITES);
        if (overwrites == null) {
            return;
        }
        for (int i = 0; i < overwrites.size(); i++) {
            if (overwrites.get(i) == null) {
                v.at("permission_overwrites").required(Integer.toString(i), null);
            } else {
                overwrites.get(i).validate(v.at("permission_overwrites").at(i));
            }
        }
    }

    long allowBits() {
        return parse(allow);
    }

    long denyBits() {
        return parse(deny);
    }

    private static void bits(Violations v, String field, Possible<JsonNode> value) {
        if (value.hasValue() && parseOrNull(value.get()) == null) {
            v.add(field, "NUMBER_TYPE_COERCE", "Value \"" + value.get().asString(value.get().toString()) + "\" is not int.");
        }
    }

    /** Bits the platform does not define are dropped, as it does. */
    private static long parse(Possible<JsonNode> value) {
        Long bits = value.hasValue() ? parseOrNull(value.get()) : null;
        return bits == null ? 0 : bits & Permission.ALL;
    }

    private static Long parseOrNull(JsonNode node) {
        String text = node.isString() ? node.asString() : node.isIntegralNumber() ? node.asString() : null;
        if (text == null || text.isEmpty() || text.length() > 20 || !text.chars().allMatch(Character::isDigit)) {
            return null;
        }
        try {
            return Long.parseUnsignedLong(text);
        } catch (NumberFormatException tooBig) {
            return null;
        }
    }
}
