package dev.concord.platform.ids;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes unique, increasing snowflakes for one worker/process pair. Lock-free: the last issued id is kept
 * in one atomic and every new id is strictly greater, so ids from one generator never collide even when
 * more than 4096 are asked for in one millisecond (the timestamp part then runs slightly ahead) or the
 * clock steps back.
 */
public final class SnowflakeGenerator {

    private static final long MAX_ID_PART = 0x1F;

    private final Clock clock;
    private final long nodeBits;
    private final AtomicLong last = new AtomicLong();

    public SnowflakeGenerator(int worker, int process) {
        this(worker, process, Clock.systemUTC());
    }

    public SnowflakeGenerator(int worker, int process, Clock clock) {
        if (worker < 0 || worker > MAX_ID_PART || process < 0 || process > MAX_ID_PART) {
            throw new IllegalArgumentException("worker and process must be between 0 and 31");
        }
        this.clock = clock;
        this.nodeBits = ((long) worker << Snowflake.WORKER_SHIFT) | ((long) process << Snowflake.PROCESS_SHIFT);
    }

    public Snowflake next() {
        long millis = clock.millis() - Snowflake.EPOCH.toEpochMilli();
        long floor = (millis << Snowflake.TIMESTAMP_SHIFT) | nodeBits;
        long id = last.updateAndGet(previous -> previous >= floor ? bump(previous) : floor);
        return new Snowflake(id);
    }

    /** The next id after {@code previous}: same node bits, increment + 1, carrying into the timestamp. */
    private long bump(long previous) {
        long increment = previous & 0xFFF;
        if (increment < 0xFFF) {
            return previous + 1;
        }
        long timestamp = (previous >>> Snowflake.TIMESTAMP_SHIFT) + 1;
        return (timestamp << Snowflake.TIMESTAMP_SHIFT) | nodeBits;
    }
}
