package dev.concord.platform.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.JsonNode;

/** The table of what a body's field may carry, read and written back: left out, null, or a value. */
class PossibleTest {

    /** {@code name} never null; {@code topic} may be null; {@code tags} a list; {@code raw} any JSON. */
    record Body(
            Possible<String> name,
            Possible<Optional<String>> topic,
            Possible<List<Integer>> tags,
            Possible<JsonNode> raw) {}

    static Body read(String json) {
        return Json.mapper().readValue(json, Body.class);
    }

    @Test
    void aFieldLeftOutIsAbsentWhateverItsKind() {
        Body body = read("{}");

        assertThat(body.name()).isEqualTo(Possible.absent());
        assertThat(body.topic()).isEqualTo(Possible.absent());
        assertThat(body.name().isAbsent()).isTrue();
        assertThat(body.name().isSentNull()).isFalse();
        assertThat(body.topic().isPresent()).isFalse();
    }

    @Test
    void nullIsAnEmptyOptionalWhereTheFieldTakesNull() {
        Body body = read("{\"topic\": null}");

        assertThat(body.topic()).isEqualTo(Possible.of(Optional.empty()));
        assertThat(Possible.valueOrNull(body.topic())).isNull();
    }

    @Test
    void nullIsNoValueOfAPlainPossibleAndIsMarkedForValidationToRefuse() {
        Body body = read("{\"name\": null, \"tags\": null, \"raw\": null}");

        assertThat(body.name().isAbsent()).isTrue();
        assertThat(body.name().isPresent()).isFalse();
        assertThat(body.name().isSentNull()).isTrue();
        assertThat(body.name().orNull()).isNull();
        assertThat(body.name().orElse("fallback")).isEqualTo("fallback");
        assertThat(body.name()).isNotEqualTo(Possible.absent());
        assertThat(body.tags().isSentNull()).isTrue();
        assertThat(body.raw().isSentNull()).isTrue();
        assertThatThrownBy(() -> body.name().get()).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void aValueIsPresentForBothKinds() {
        Body body = read("{\"name\": \"general\", \"topic\": \"news\", \"tags\": [1, 2], \"raw\": false}");

        assertThat(body.name()).isEqualTo(Possible.of("general"));
        assertThat(body.topic()).isEqualTo(Possible.of(Optional.of("news")));
        assertThat(Possible.valueOrNull(body.topic())).isEqualTo("news");
        assertThat(body.tags().get()).containsExactly(1, 2);
        assertThat(body.raw().get().isBoolean()).isTrue();
        assertThat(body.name().isSentNull()).isFalse();
    }

    @Test
    void aBadValueIsStillATypeErrorNamingTheField() {
        assertThatThrownBy(() -> read("{\"topic\": 5}"))
                .isInstanceOf(DatabindException.class)
                .hasMessageContaining("topic");
        assertThatThrownBy(() -> read("{\"name\": [\"x\"]}"))
                .isInstanceOf(DatabindException.class)
                .hasMessageContaining("name");
    }

    @Test
    void writesAValueOrNullAndLeavesOutWhatWasAbsentOrASentNull() {
        assertThat(Json.mapper().writeValueAsString(read("{\"name\": \"a\", \"topic\": null}")))
                .isEqualTo("{\"name\":\"a\",\"topic\":null}");
        assertThat(Json.mapper().writeValueAsString(read("{\"topic\": \"b\", \"name\": null}")))
                .isEqualTo("{\"topic\":\"b\"}");
        assertThat(Json.mapper().writeValueAsString(read("{}"))).isEqualTo("{}");
    }

    @Test
    void holdsNoNull() {
        assertThatThrownBy(() -> Possible.of(null)).isInstanceOf(NullPointerException.class);
        assertThat(Possible.of("a").map(String::length)).isEqualTo(Possible.of(1));
        assertThat(read("{\"name\": null}").name().map(String::length).isSentNull())
                .isTrue();
    }
}
