package dev.concord.platform.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SnowflakeTest {

    @Test
    void decodesTheDocumentedExample() {
        // The platform's documented example id: 2016-04-30T11:18:25.796Z, worker 1, process 0, increment 7.
        Snowflake id = Snowflake.parse("175928847299117063");

        assertThat(id.timestamp()).isEqualTo(Instant.parse("2016-04-30T11:18:25.796Z"));
        assertThat(id.worker()).isEqualTo(1);
        assertThat(id.process()).isZero();
        assertThat(id.increment()).isEqualTo(7);
        assertThat(id.asString()).isEqualTo("175928847299117063");
    }

    @Test
    void rejectsNonDecimalText() {
        for (String bad :
                new String[] {"", "-1", "12a", " 1", "1e5", "123456789012345678901", "99999999999999999999"}) {
            assertThatThrownBy(() -> Snowflake.parse(bad)).as(bad).isInstanceOf(NumberFormatException.class);
        }
    }

    /** Every case the four lenient readers it replaced took: an id that cannot be read is no id. */
    @Test
    void parseOrNullReadsAnIdOrNothing() {
        assertThat(Snowflake.parseOrNull("175928847299117063")).isEqualTo(Snowflake.of(175928847299117063L));
        assertThat(Snowflake.parseOrNull("0")).isEqualTo(Snowflake.of(0));
        assertThat(Snowflake.parseOrNull(Long.toString(Long.MAX_VALUE))).isEqualTo(Snowflake.of(Long.MAX_VALUE));
        for (String bad : new String[] {
            null,
            "",
            " ",
            " 1",
            "1 ",
            "-1",
            "+1",
            "12a",
            "x",
            "1.0",
            "1e5",
            "123456789012345678901",
            "99999999999999999999"
        }) {
            assertThat(Snowflake.parseOrNull(bad)).as(String.valueOf(bad)).isNull();
        }
    }

    @Test
    void generatorEncodesNodeAndTime() {
        Instant now = Instant.parse("2026-11-21T10:00:00Z");
        SnowflakeGenerator generator = new SnowflakeGenerator(3, 17, Clock.fixed(now, ZoneOffset.UTC));

        Snowflake first = generator.next();
        Snowflake second = generator.next();

        assertThat(first.timestamp()).isEqualTo(now);
        assertThat(first.worker()).isEqualTo(3);
        assertThat(first.process()).isEqualTo(17);
        assertThat(second.increment()).isEqualTo(first.increment() + 1);
    }

    @Test
    void generatorStaysUniqueAndIncreasingPastTheIncrementSpace() {
        SnowflakeGenerator generator =
                new SnowflakeGenerator(1, 1, Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
        Set<Long> seen = new HashSet<>();
        long previous = -1;
        for (int i = 0; i < 10_000; i++) {
            Snowflake id = generator.next();
            assertThat(id.value()).isGreaterThan(previous);
            assertThat(id.worker()).isEqualTo(1);
            assertThat(id.process()).isEqualTo(1);
            previous = id.value();
            seen.add(previous);
        }
        assertThat(seen).hasSize(10_000);
    }

    @Test
    void generatorNeverGoesBackWhenTheClockDoes() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:01Z"));
        SnowflakeGenerator generator = new SnowflakeGenerator(0, 0, clock);
        Snowflake before = generator.next();
        clock.now = Instant.parse("2026-01-01T00:00:00Z");
        assertThat(generator.next()).isGreaterThan(before);
    }

    @Test
    void firstAtIsALowerBound() {
        Instant at = Instant.parse("2026-06-01T12:00:00Z");
        SnowflakeGenerator generator = new SnowflakeGenerator(31, 31, Clock.fixed(at, ZoneOffset.UTC));
        assertThat(Snowflake.firstAt(at)).isLessThan(generator.next());
        assertThat(Snowflake.firstAt(at).timestamp()).isEqualTo(at);
    }

    @Test
    void rejectsOutOfRangeNodeIds() {
        assertThatThrownBy(() -> new SnowflakeGenerator(32, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SnowflakeGenerator(0, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
