package dev.concord.platform.web;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.server.ServerRequest;

/** Ids from a request's path and query; a value that is not a snowflake is a 50035 naming it. */
public final class PathIds {

    private PathIds() {}

    public static Snowflake snowflake(ServerRequest request, String variable) {
        return parse(variable, request.pathVariable(variable));
    }

    /** The query parameter as a snowflake; null when it is not there. */
    public static @Nullable Snowflake optionalQuery(ServerRequest request, String parameter) {
        return request.queryParam(parameter)
                .map(value -> parse(parameter, value))
                .orElse(null);
    }

    private static Snowflake parse(String name, String value) {
        try {
            return Snowflake.parse(value);
        } catch (NumberFormatException e) {
            Violations violations = new Violations();
            notSnowflake(violations, name, value);
            violations.throwIfAny();
            throw new IllegalStateException("unreachable");
        }
    }

    /** The platform's error for {@code value}, which stood at {@code field} and is not a snowflake. */
    public static void notSnowflake(Violations violations, String field, String value) {
        violations.add(field, "NUMBER_TYPE_COERCE", "Value \"" + value + "\" is not snowflake.");
    }
}
