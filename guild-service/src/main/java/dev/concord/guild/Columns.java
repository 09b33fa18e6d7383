package dev.concord.guild;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Typed reads of a row's columns, with SQL NULL mapped the way the records expect it. */
public final class Columns {

    private Columns() {}

    /** A NOT NULL id column. */
    public static Snowflake requiredSnowflake(Readable row, String column) {
        return Snowflake.of(Objects.requireNonNull(row.get(column, Long.class), column));
    }

    public static @Nullable Snowflake snowflake(Readable row, String column) {
        Long value = row.get(column, Long.class);
        return value == null ? null : Snowflake.of(value);
    }

    /** The column as an int; NULL reads as 0. */
    public static int integer(Readable row, String column) {
        Number value = row.get(column, Number.class);
        return value == null ? 0 : value.intValue();
    }

    /** The column as a boolean; NULL reads as false. */
    public static boolean bool(Readable row, String column) {
        return Boolean.TRUE.equals(row.get(column, Boolean.class));
    }

    /** A NOT NULL timestamp column. */
    public static Instant requiredInstant(Readable row, String column) {
        return Objects.requireNonNull(row.get(column, OffsetDateTime.class), column)
                .toInstant();
    }

    public static @Nullable Instant instant(Readable row, String column) {
        OffsetDateTime value = row.get(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** A {@code bigint[]} column; NULL reads as empty. */
    public static long[] longs(Readable row, String column) {
        Long[] ids = row.get(column, Long[].class);
        return ids == null
                ? new long[0]
                : Arrays.stream(ids).mapToLong(Long::longValue).toArray();
    }
}
