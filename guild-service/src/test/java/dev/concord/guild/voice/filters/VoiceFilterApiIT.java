package dev.concord.guild.voice.filters;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** The voice filter catalog through HTTP: per module version, its models at the CDN's address. */
class VoiceFilterApiIT extends GuildApiSupport {

    private static final String CATALOG = "/voice-filters/catalog";

    @Test
    void aModuleVersionGetsTheVoicesItRunsWithTheirModels() {
        Snowflake alice = newUser("alice");
        String modelBase = environment.getRequiredProperty("concord.voice-filters.model-base-url");

        Response first = get(alice, CATALOG + "?vfm_version=1");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.body()).isEqualTo(json("""
                        {"models": {
                            "vocoder_small_2": {"url": "%1$s/vocoder_small_2.onnx"},
                            "vocoder_large_1": {"url": "%1$s/vocoder_large_1.onnx"},
                            "asr_large": {"url": "%1$s/asr_large.onnx"},
                            "pitch_small_3": {"url": "%1$s/pitch_small_3.onnx"}},
                         "voices": [
                            {"id": "robot", "models": ["vocoder_small_2"], "requires_premium": false, "available": true},
                            {"id": "skye", "models": ["vocoder_large_1", "asr_large", "pitch_small_3"],
                             "requires_premium": true, "available": true}]}""".formatted(modelBase)));
        JsonNode third =
                Objects.requireNonNull(get(alice, CATALOG + "?vfm_version=3").body());
        assertThat(third.get("voices")).hasSize(5);
        assertThat(third.get("models").has("formant_shift_1")).isTrue();
        Response byBot = call(HttpMethod.GET, CATALOG + "?vfm_version=1", botToken(newUser("bot")), null);
        assertThat(byBot.status()).isEqualTo(200);
    }

    @Test
    void theModuleVersionIsRequiredAndAPositiveInteger() {
        Snowflake alice = newUser("alice");

        assertThat(codeOf(get(alice, CATALOG))).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(codeOf(get(alice, CATALOG + "?vfm_version=abc"))).isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(codeOf(get(alice, CATALOG + "?vfm_version=0"))).isEqualTo("NUMBER_TYPE_MIN");
        assertThat(codeOf(get(alice, CATALOG + "?vfm_version="))).isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(call(HttpMethod.GET, CATALOG + "?vfm_version=1", null, null).status())
                .isEqualTo(401);
    }

    private static String codeOf(Response response) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        JsonNode body = Objects.requireNonNull(response.body());
        assertThat(body.get("code").asInt()).isEqualTo(50035);
        return body.get("errors")
                .get("vfm_version")
                .get("_errors")
                .get(0)
                .get("code")
                .asString();
    }
}
