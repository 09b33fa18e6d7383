package dev.concord.platform.web;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.server.ServerRequest;

/** Numbers, ids, times and flags from a request's query, read the platform's way; bad values are a 50035 naming them. */
public final class QueryParams {

    private QueryParams() {}

    /** An integer parameter within {@code min..max}; {@code fallback} when it is not there. */
    public static int integer(ServerRequest request, String name, int min, int max, int fallback) {
        String value = request.queryParam(name).orElse(null);
        if (value == null) {
            return fallback;
        }
        long number;
        try {
            number = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new Violations()
                    .add(name, "NUMBER_TYPE_COERCE", "Value \"" + value + "\" is not int.")
                    .toException();
        }
        new Violations().range(name, number, min, max).throwIfAny();
        return (int) number;
    }

    /** A snowflake parameter; null when it is not there, a 50035 naming it when it is no snowflake. */
    public static @Nullable Snowflake snowflake(ServerRequest request, String name) {
        String value = request.queryParam(name).orElse(null);
        if (value == null) {
            return null;
        }
        try {
            return Snowflake.parse(value);
        } catch (NumberFormatException e) {
            Violations violations = new Violations();
            PathIds.notSnowflake(violations, name, value);
            throw violations.toException();
        }
    }

    /** An ISO-8601 time with its offset; null when it is not there, a 50035 naming it when it is none. */
    public static @Nullable Instant timestamp(ServerRequest request, String name) {
        String value = request.queryParam(name).orElse(null);
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException notATime) {
            throw new Violations()
                    .add(name, "DATE_TIME_TYPE_PARSE", "Could not parse " + value + ". Should be ISO8601.")
                    .toException();
        }
    }

    /**
     * A boolean flag the way the platform reads them: true, True or 1; false, False or 0; false when it is
     * not there. Anything else is refused, not read as false: {@code only_spam=abc} is a mistake the
     * caller should hear about, not a request to decline every friend request.
     */
    public static boolean flag(ServerRequest request, String name) {
        String value = request.queryParam(name).orElse(null);
        if (value == null) {
            return false;
        }
        return switch (value) {
            case "true", "True", "1" -> true;
            case "false", "False", "0" -> false;
            default ->
                throw new Violations()
                        .add(name, "BASE_TYPE_BOOLEAN", "Must be either true or false.")
                        .toException();
        };
    }
}
