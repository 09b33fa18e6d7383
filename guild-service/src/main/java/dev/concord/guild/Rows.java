package dev.concord.guild;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;

/** Nullable columns of a result row, read into the service's types. */
public final class Rows {

    private Rows() {}

    public static Snowflake snowflake(Readable row, String column) {
        Long value = row.get(column, Long.class);
        return value == null ? null : Snowflake.of(value);
    }

    /** A smallint or integer column; 0 for null. */
    public static int integer(Readable row, String column) {
        Number value = row.get(column, Number.class);
        return value == null ? 0 : value.intValue();
    }

    public static Instant instant(Readable row, String column) {
        OffsetDateTime value = row.get(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
