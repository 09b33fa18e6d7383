package dev.concord.platform.ids;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A platform id: a 64-bit number that orders by creation time. Carried as a decimal string on the wire
 * because JavaScript clients cannot hold 64-bit integers.
 *
 * <p>Layout, high to low: 42 bits of milliseconds since {@link #EPOCH}, 5 bits worker, 5 bits process,
 * 12 bits increment.
 */
public record Snowflake(long value) implements Comparable<Snowflake> {

    /** 2015-01-01T00:00:00Z, the platform's epoch. */
    public static final Instant EPOCH = Instant.ofEpochMilli(1_420_070_400_000L);

    static final int TIMESTAMP_SHIFT = 22;
    static final int WORKER_SHIFT = 17;
    static final int PROCESS_SHIFT = 12;

    public Snowflake {
        if (value < 0) {
            throw new IllegalArgumentException("snowflake must not be negative");
        }
    }

    public static Snowflake of(long value) {
        return new Snowflake(value);
    }

    /** Parses the wire form; throws {@link NumberFormatException} for anything but an unsigned decimal. */
    public static Snowflake parse(@Nullable String text) {
        if (text == null || text.isEmpty() || text.length() > 20) {
            throw new NumberFormatException("not a snowflake");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException("not a snowflake");
            }
        }
        return new Snowflake(Long.parseLong(text));
    }

    /**
     * The snowflake {@code text} spells, or null when it spells none (null, empty, blank, a sign, a letter,
     * more than 20 digits or past {@code Long.MAX_VALUE}): the one reader for input where an id that cannot
     * be read means no id, such as another service's event. {@code "0"} is {@code Snowflake.of(0)}; callers
     * for whom 0 means nothing say so themselves.
     */
    public static @Nullable Snowflake parseOrNull(@Nullable String text) {
        try {
            return parse(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The smallest id that could have been made at {@code instant}: a lower bound for time-range queries. */
    public static Snowflake firstAt(Instant instant) {
        return new Snowflake((instant.toEpochMilli() - EPOCH.toEpochMilli()) << TIMESTAMP_SHIFT);
    }

    public Instant timestamp() {
        return Instant.ofEpochMilli((value >>> TIMESTAMP_SHIFT) + EPOCH.toEpochMilli());
    }

    public int worker() {
        return (int) ((value >>> WORKER_SHIFT) & 0x1F);
    }

    public int process() {
        return (int) ((value >>> PROCESS_SHIFT) & 0x1F);
    }

    public int increment() {
        return (int) (value & 0xFFF);
    }

    public String asString() {
        return Long.toString(value);
    }

    @Override
    public int compareTo(Snowflake other) {
        return Long.compare(value, other.value);
    }

    @Override
    public String toString() {
        return asString();
    }
}
