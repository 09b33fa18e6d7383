package dev.concord.platform.test.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class SpecDifferencesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void anOptionalFieldIsNoLongerRequired() {
        ObjectNode spec = spec();
        SpecDifferences.patch(spec, List.of(new SpecDifferences.OptionalFields("Thing", List.of("a"), "why")));
        assertThat(spec.at("/components/schemas/Thing/required").toString()).isEqualTo("[\"b\"]");
    }

    @Test
    void aNullableFieldAcceptsNullAndWhatItDidBefore() {
        ObjectNode spec = spec();
        SpecDifferences.patch(spec, List.of(new SpecDifferences.NullableField("Thing", "a", "why")));
        assertThat(spec.at("/components/schemas/Thing/properties/a").toString())
                .isEqualTo("{\"anyOf\":[{\"type\":\"null\"},{\"type\":\"string\"}]}");
    }

    @Test
    void anExtraValueIsAcceptedBesideWhatTheFieldTookBefore() {
        ObjectNode spec = spec();
        SpecDifferences.patch(spec, List.of(new SpecDifferences.ExtraValue("Thing", "b", 7, "why")));
        assertThat(spec.at("/components/schemas/Thing/properties/b").toString())
                .isEqualTo("{\"anyOf\":[{\"type\":\"integer\"},{\"const\":7}]}");
    }

    @Test
    void aDifferenceNamingNothingIsStale() {
        assertThatThrownBy(() -> SpecDifferences.patch(
                        spec(), List.of(new SpecDifferences.OptionalFields("Thing", List.of("c"), "why"))))
                .hasMessageContaining("Stale difference");
        assertThatThrownBy(() ->
                        SpecDifferences.patch(spec(), List.of(new SpecDifferences.NullableField("Other", "a", "why"))))
                .hasMessageContaining("Stale difference");
    }

    @Test
    void theListedDifferencesApplyToTheDescription() {
        // PlatformSpec patches the copy in resources with ALL when it loads; a stale entry throws there.
        assertThat(PlatformSpec.shared()).isNotNull();
        assertThat(SpecDifferences.ALL)
                .allSatisfy(difference -> assertThat(difference.why()).isNotBlank());
    }

    private static ObjectNode spec() {
        return (ObjectNode) JSON.readTree("""
                {"components": {"schemas": {"Thing": {"type": "object",
                  "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
                  "required": ["a", "b"]}}}}""");
    }
}
