package dev.concord.guild;

import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A permission set as clients send it: a decimal string (bits above 31 do not fit every client's
 * integers), or a number, as some client libraries send.
 */
public final class PermissionField {

    private PermissionField() {}

    /** Adds a 50035 under {@code field} when a sent value is not an unsigned 64-bit decimal. */
    public static void validate(Violations v, String field, Possible<JsonNode> value) {
        if (value.isPresent() && parseOrNull(value.get()) == null) {
            v.add(
                    field,
                    "NUMBER_TYPE_COERCE",
                    "Value \"" + value.get().asString(value.get().toString()) + "\" is not int.");
        }
    }

    /** The validated value's bits; bits the platform does not define are dropped, as it does. Absent is 0. */
    public static long bits(Possible<JsonNode> value) {
        Long bits = value.isPresent() ? parseOrNull(value.get()) : null;
        return bits == null ? 0 : bits & Permission.ALL;
    }

    private static @Nullable Long parseOrNull(JsonNode node) {
        String text = node.isString() ? node.asString() : node.isIntegralNumber() ? node.asString() : null;
        if (text == null
                || text.isEmpty()
                || text.length() > 20
                || !text.chars().allMatch(Character::isDigit)) {
            return null;
        }
        try {
            return Long.parseUnsignedLong(text);
        } catch (NumberFormatException tooBig) {
            return null;
        }
    }
}
