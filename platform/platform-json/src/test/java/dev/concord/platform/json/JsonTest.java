package dev.concord.platform.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DatabindException;

class JsonTest {

    record Patch(
            Possible<Optional<String>> customStatus,
            Possible<Integer> afkTimeout,
            Possible<List<Snowflake>> guildIds) {}

    record Wire(Snowflake userId, OffsetDateTime expiresAt, String nullable) {}

    @Test
    void keepsAbsentAndNullApart() {
        Patch patch = Json.mapper().readValue("{\"custom_status\": null, \"afk_timeout\": 600}", Patch.class);

        assertThat(patch.customStatus().isPresent()).isTrue();
        assertThat(patch.customStatus().get()).isEmpty();
        assertThat(patch.afkTimeout().get()).isEqualTo(600);
        assertThat(patch.guildIds().isAbsent()).isTrue();
    }

    @Test
    void readsNestedGenericValuesInsidePossible() {
        Patch patch = Json.mapper().readValue("{\"guild_ids\": [\"1\", 2]}", Patch.class);

        assertThat(patch.guildIds().get()).containsExactly(Snowflake.of(1), Snowflake.of(2));
    }

    @Test
    void omitsAbsentButWritesNull() {
        String json = Json.mapper()
                .writeValueAsString(new Patch(Possible.of(Optional.empty()), Possible.absent(), Possible.absent()));

        assertThat(json).isEqualTo("{\"custom_status\":null}");
    }

    @Test
    void writesSnowflakesAsStringsAndTimestampsAsIso() {
        Wire wire = new Wire(
                Snowflake.of(175928847299117063L), OffsetDateTime.parse("2026-11-21T10:15:30.123+01:00"), null);

        String json = Json.mapper().writeValueAsString(wire);

        assertThat(json)
                .isEqualTo(
                        "{\"user_id\":\"175928847299117063\",\"expires_at\":\"2026-11-21T10:15:30.123+01:00\",\"nullable\":null}");
        assertThat(Json.mapper().readValue(json, Wire.class)).isEqualTo(wire);
    }

    @Test
    void rejectsBadSnowflakesWithThePath() {
        assertThatThrownBy(() -> Json.mapper().readValue("{\"user_id\": \"abc\"}", Wire.class))
                .isInstanceOf(DatabindException.class)
                .hasMessageContaining("user_id");
        assertThatThrownBy(() -> Json.mapper().readValue("{\"user_id\": -5}", Wire.class))
                .isInstanceOf(DatabindException.class);
        assertThatThrownBy(() -> Json.mapper().readValue("{\"user_id\": true}", Wire.class))
                .isInstanceOf(DatabindException.class);
    }

    record Typed(String text, Integer count) {}

    @Test
    void refusesNumbersForStringsAndFractionsForIntegers() {
        assertThatThrownBy(() -> Json.mapper().readValue("{\"text\": 5}", Typed.class))
                .isInstanceOf(DatabindException.class)
                .hasMessageContaining("text");
        assertThatThrownBy(() -> Json.mapper().readValue("{\"text\": true}", Typed.class))
                .isInstanceOf(DatabindException.class);
        assertThatThrownBy(() -> Json.mapper().readValue("{\"count\": 600.5}", Typed.class))
                .isInstanceOf(DatabindException.class)
                .hasMessageContaining("count");
    }

    @Test
    void doesNotCoerceStringsIntoNumbers() {
        assertThatThrownBy(() -> Json.mapper().readValue("{\"afk_timeout\": \"600\"}", Patch.class))
                .isInstanceOf(DatabindException.class)
                .hasMessageContaining("afk_timeout");
    }

    record Times(Instant at, OffsetDateTime until) {}

    @Test
    void readsTimestampsOnlyFromIsoStrings() {
        // The platform's timestamps are ISO 8601 strings; a number would be read as epoch seconds.
        for (String number : List.of("1", "-1", "1.5", "1e400")) {
            assertThatThrownBy(() -> Json.mapper().readValue("{\"at\": " + number + "}", Times.class))
                    .as(number)
                    .isInstanceOf(DatabindException.class);
            assertThatThrownBy(() -> Json.mapper().readValue("{\"until\": " + number + "}", Times.class))
                    .as(number)
                    .isInstanceOf(DatabindException.class);
        }
        assertThat(Json.mapper()
                        .readValue("{\"at\": \"2026-11-21T10:15:30Z\"}", Times.class)
                        .at())
                .isEqualTo(Instant.parse("2026-11-21T10:15:30Z"));
    }
}
