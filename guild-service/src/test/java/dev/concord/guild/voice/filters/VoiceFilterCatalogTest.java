package dev.concord.guild.voice.filters;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VoiceFilterCatalogTest {

    private final VoiceFilterCatalog catalog = new VoiceFilterCatalog("https://cdn.example.org/assets/content");

    @Test
    void aModuleVersionGetsTheVoicesItRunsAndTheirModelsOnly() {
        VoiceFilterCatalogData first = catalog.forModuleVersion(1);
        VoiceFilterCatalogData third = catalog.forModuleVersion(3);

        assertThat(first.voices()).extracting(VoiceFilterData::id).containsExactly("robot", "skye");
        assertThat(first.models()).containsOnlyKeys("vocoder_small_2", "vocoder_large_1", "asr_large", "pitch_small_3");
        assertThat(first.models().get("asr_large").url())
                .isEqualTo("https://cdn.example.org/assets/content/asr_large.onnx");
        assertThat(third.voices())
                .extracting(VoiceFilterData::id)
                .containsExactly("robot", "skye", "solara", "tunes", "chipmunk");
        assertThat(third.models()).containsKey("formant_shift_1");
        assertThat(catalog.forModuleVersion(1000).voices()).hasSize(5);
    }

    @Test
    void premiumVoicesAreMarkedAndAvailableWhileNoOneHasASubscription() {
        VoiceFilterData skye = catalog.forModuleVersion(1).voices().get(1);

        assertThat(skye.requiresPremium()).isTrue();
        assertThat(skye.available()).isTrue();
        assertThat(skye.models()).containsExactly("vocoder_large_1", "asr_large", "pitch_small_3");
    }
}
