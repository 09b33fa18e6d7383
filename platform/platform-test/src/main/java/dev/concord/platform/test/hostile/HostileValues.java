package dev.concord.platform.test.hostile;

import static dev.concord.platform.test.hostile.FieldKind.ANY;
import static dev.concord.platform.test.hostile.FieldKind.ARRAY;
import static dev.concord.platform.test.hostile.FieldKind.BOOLEAN;
import static dev.concord.platform.test.hostile.FieldKind.NUMBER;
import static dev.concord.platform.test.hostile.FieldKind.OBJECT;
import static dev.concord.platform.test.hostile.FieldKind.SNOWFLAKE;
import static dev.concord.platform.test.hostile.FieldKind.STRING;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The values sent in each field of a body, each with the kinds of field that must refuse it (a 4xx): a
 * value no field of that kind can take. Every value is also sent to every other kind of field, where it
 * may be accepted but must never be a 5xx.
 */
final class HostileValues {

    /** A JSON value, as the raw bytes put into the body (so bytes that are not UTF-8 can be sent). */
    record Value(String label, byte[] json, Set<FieldKind> mustRefuse) {

        boolean mustBeRefusedBy(FieldKind kind) {
            return mustRefuse.contains(kind);
        }
    }

    /** Nesting past any parser's limit (Jackson's default is 1,000 levels). */
    static final int DEEP_NESTING = 10_000;

    static final byte[] INVALID_UTF8 = {(byte) 0xC0, (byte) 0xAF};

    private static final Set<FieldKind> ALL = EnumSet.allOf(FieldKind.class);
    private static final Set<FieldKind> NOT_STRINGS = except(STRING, ANY);

    private HostileValues() {}

    /** Every value sent to every field; {@code oneMegabyte}: the length of the over-limit string. */
    static List<Value> forFields(int oneMegabyte) {
        return List.of(
                new Value("string \"x\"", json("\"x\""), except(STRING, ANY)),
                new Value("number 1", json("1"), EnumSet.of(STRING, BOOLEAN, ARRAY, OBJECT)),
                new Value("number 1.5", json("1.5"), except(NUMBER, ANY)),
                new Value("boolean true", json("true"), except(BOOLEAN, ANY)),
                new Value("array []", json("[]"), except(ARRAY, ANY)),
                new Value("object {}", json("{}"), except(OBJECT, ANY)),
                new Value("null", json("null"), EnumSet.noneOf(FieldKind.class)),
                new Value("10,000-character string", json(quoted("a".repeat(10_000))), NOT_STRINGS),
                new Value("1 MB string", json(quoted("a".repeat(oneMegabyte))), ALL),
                new Value("string with NUL", json("\"a\\u0000b\""), NOT_STRINGS),
                new Value("string with invalid UTF-8 (overlong C0 AF)", invalidUtf8String(), ALL),
                new Value("string with a lone surrogate", json("\"a\\ud800b\""), ALL),
                new Value("number 2^63", json("9223372036854775808"), except(NUMBER, ANY, SNOWFLAKE)),
                new Value("number 2^64", json("18446744073709551616"), except(NUMBER, ANY)),
                new Value("number -1", json("-1"), EnumSet.of(STRING, BOOLEAN, ARRAY, OBJECT, SNOWFLAKE)),
                new Value("number -2^63-1", json("-9223372036854775809"), except(NUMBER, ANY)),
                new Value("number 1e400", json("1e400"), except(NUMBER, ANY)),
                new Value("snowflake \"\"", json("\"\""), NOT_STRINGS),
                new Value("snowflake \"-1\"", json("\"-1\""), NOT_STRINGS),
                new Value("snowflake \"99999999999999999999\"", json("\"99999999999999999999\""), NOT_STRINGS),
                new Value("snowflake \"1.5\"", json("\"1.5\""), NOT_STRINGS),
                new Value("snowflake \" 1\"", json("\" 1\""), NOT_STRINGS),
                new Value("snowflake \"0x10\"", json("\"0x10\""), NOT_STRINGS),
                new Value("10,000 nested arrays", json(nestedArrays()), ALL));
    }

    static String nestedArrays() {
        return "[".repeat(DEEP_NESTING) + "]".repeat(DEEP_NESTING);
    }

    static byte[] json(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String quoted(String text) {
        return "\"" + text + "\"";
    }

    private static byte[] invalidUtf8String() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(json("\"a"));
        out.writeBytes(INVALID_UTF8);
        out.writeBytes(json("b\""));
        return out.toByteArray();
    }

    private static Set<FieldKind> except(FieldKind... kinds) {
        Set<FieldKind> set = EnumSet.allOf(FieldKind.class);
        set.removeAll(List.of(kinds));
        return set;
    }
}
