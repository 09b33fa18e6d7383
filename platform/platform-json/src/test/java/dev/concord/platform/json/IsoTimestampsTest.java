package dev.concord.platform.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DatabindException;

class IsoTimestampsTest {

    record Times(Instant at, OffsetDateTime until) {}

    @Test
    void readsWhatJavaTimeReadsForThePlatformsShape() {
        SplittableRandom random = new SplittableRandom(19);
        for (int i = 0; i < 20_000; i++) {
            long seconds = random.nextLong(-62_000_000_000L, 253_402_300_799L); // years 0005 to 9999
            int nanos = random.nextInt(1_000_000_000);
            int digits = random.nextInt(10);
            nanos -= nanos % (int) Math.pow(10, 9 - Math.max(digits, 0));
            ZoneOffset offset = ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 60, 18 * 60 + 1) * 60);
            OffsetDateTime time =
                    Instant.ofEpochSecond(seconds, digits == 0 ? 0 : nanos).atOffset(offset);
            String text = time.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);

            assertThat(IsoTimestamps.offsetDateTime(text)).as(text).isEqualTo(OffsetDateTime.parse(text));
            assertThat(IsoTimestamps.instant(text))
                    .as(text)
                    .isEqualTo(OffsetDateTime.parse(text).toInstant());
        }
    }

    @Test
    void readsTheShapesEventsCarry() {
        assertThat(IsoTimestamps.offsetDateTime("2026-11-27T05:09:58.123456+00:00"))
                .isEqualTo(OffsetDateTime.of(2026, 11, 27, 5, 9, 58, 123_456_000, ZoneOffset.UTC));
        assertThat(IsoTimestamps.offsetDateTime("2026-11-27T05:09:58Z"))
                .isEqualTo(OffsetDateTime.of(2026, 11, 27, 5, 9, 58, 0, ZoneOffset.UTC));
        assertThat(IsoTimestamps.offsetDateTime("2026-11-27T05:09:58.1-08:30"))
                .isEqualTo(OffsetDateTime.of(2026, 11, 27, 5, 9, 58, 100_000_000, ZoneOffset.ofHoursMinutes(-8, -30)));
    }

    @Test
    void leavesEverythingElseToJavaTime() {
        for (String text : List.of(
                "2026-13-01T00:00:00Z",
                "2026-02-30T00:00:00Z",
                "2026-11-27T24:00:00Z",
                "2026-11-27T23:59:60Z",
                "2026-11-27T05:09:58.1234567891Z",
                "2026-11-27T05:09:58.Z",
                "2026-11-27T05:09:58-00:00",
                "2026-11-27T05:09:58+19:00",
                "2026-11-27T05:09:58+05",
                "2026-11-27T05:09:58",
                "2026-11-27t05:09:58z",
                "+12026-11-27T05:09:58Z",
                "2026-11-27T05:09:58Z ",
                "2026-1a-27T05:09:58Z")) {
            assertThat(IsoTimestamps.offsetDateTime(text)).as(text).isNull();
        }
    }

    @Test
    void theMapperStillRefusesWhatJavaTimeRefuses() {
        for (String text : List.of("2026-13-01T00:00:00Z", "2026-11-27T05:09:58+19:00", "yesterday")) {
            assertThatThrownBy(() -> Json.mapper().readValue("{\"until\": \"" + text + "\"}", Times.class))
                    .as(text)
                    .isInstanceOf(DatabindException.class)
                    .hasMessageContaining("until");
        }
        Times read = Json.mapper()
                .readValue(
                        "{\"at\": \"2026-11-27T05:09:58.5+01:00\", \"until\": \"2026-11-27t05:09:58z\"}", Times.class);
        assertThat(read.at()).isEqualTo(Instant.parse("2026-11-27T04:09:58.500Z"));
        assertThat(read.until()).isEqualTo(OffsetDateTime.of(2026, 11, 27, 5, 9, 58, 0, ZoneOffset.UTC));
    }
}
