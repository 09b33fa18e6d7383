package dev.concord.guild;

import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.Violations;
import java.math.BigInteger;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A permission set as clients send it: an unsigned 64-bit integer in a decimal string (bits above 53 do
 * not fit every client's numbers), or a JSON number, which the platform takes too. Bits the platform
 * does not define are dropped; anything but an integer in 0..2^64-1 is refused. A value of 2^63 or more
 * does not fit a signed {@code long}, so it is read as a {@link BigInteger}, never as a number that
 * wraps.
 */
public final class PermissionField {

    private static final BigInteger LIMIT = BigInteger.ONE.shiftLeft(64);
    private static final String MAX = LIMIT.subtract(BigInteger.ONE).toString();
    /** Long enough for any zero-padded value a client may send, short enough to parse cheaply. */
    private static final int MAX_DIGITS = 64;

    private PermissionField() {}

    /** Adds a 50035 under {@code field} when a sent value is not an integer in 0..2^64-1. */
    public static void validate(Violations v, String field, Possible<JsonNode> value) {
        if (value.isAbsent()) {
            return;
        }
        BigInteger number = integerOrNull(value.get());
        if (number == null) {
            String sent = value.get().isString()
                    ? value.get().asString()
                    : value.get().toString();
            v.add(field, "NUMBER_TYPE_COERCE", "Value \"" + sent + "\" is not int.");
        } else if (number.signum() < 0) {
            v.add(field, "NUMBER_TYPE_MIN", "int value should be greater than or equal to 0.");
        } else if (number.compareTo(LIMIT) >= 0) {
            v.add(field, "NUMBER_TYPE_MAX", "int value should be less than or equal to " + MAX + ".");
        }
    }

    /** The validated value's bits; bits the platform does not define are dropped, as it does. Absent is 0. */
    public static long bits(Possible<JsonNode> value) {
        BigInteger number = value.isPresent() ? integerOrNull(value.get()) : null;
        if (number == null || number.signum() < 0 || number.compareTo(LIMIT) >= 0) {
            return 0;
        }
        // The low 64 bits, two's complement: bit 63 lands in the sign, and the mask drops it with the rest.
        return number.longValue() & Permission.ALL;
    }

    /** The integer a string of digits (an optional minus first) or a JSON integer holds; null for anything else. */
    private static @Nullable BigInteger integerOrNull(JsonNode node) {
        if (node.isIntegralNumber()) {
            return node.bigIntegerValue();
        }
        if (!node.isString()) {
            return null;
        }
        String text = node.asString();
        int digitsFrom = text.startsWith("-") ? 1 : 0;
        if (text.length() == digitsFrom
                || text.length() > MAX_DIGITS
                || !text.chars().skip(digitsFrom).allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        return new BigInteger(text);
    }
}
