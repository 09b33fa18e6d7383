package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** KEYWORD_PRESET: the shipped lists, matched with keyword semantics. */
class PresetTest {

    @ParameterizedTest
    @EnumSource(KeywordPreset.class)
    void everyListLoadsAndEveryEntryIsAValidKeyword(KeywordPreset preset) {
        assertThat(preset.words()).hasSizeGreaterThan(30);
        assertThat(preset.words()).allSatisfy(word -> assertThat(AutomodValidation.keywordProblem(word))
                .as(word)
                .isEmpty());
        assertThat(KeywordPreset.of(preset.value())).isEqualTo(preset);
    }

    @Test
    void presetWordsTriggerWithTheirListEntryAsKeyword() {
        AutomodRule rule = Rules.presets(1, Set.of(KeywordPreset.PROFANITY), List.of());
        Trigger trigger = Rules.judge(rule, "what the FUCKING hell").get(0);
        assertThat(trigger.matchedKeyword()).isEqualTo("fuck*");
        assertThat(trigger.matchedContent()).isEqualTo("FUCKING");
    }

    @Test
    void wholeWordEntriesSpareInnocentWords() {
        AutomodRule rule = Rules.presets(1, Set.of(KeywordPreset.values()), List.of());
        for (String innocent : List.of(
                "the class assignment", "scrap metal", "Scunthorpe", "a cocktail", "Sussex", "analysis", "grape")) {
            assertThat(Rules.judge(rule, innocent)).as(innocent).isEmpty();
        }
    }

    @Test
    void onlyTheChosenListsApply() {
        AutomodRule profanityOnly = Rules.presets(1, Set.of(KeywordPreset.PROFANITY), List.of());
        AutomodRule sexualOnly = Rules.presets(1, Set.of(KeywordPreset.SEXUAL_CONTENT), List.of());
        assertThat(Rules.judge(profanityOnly, "free porn")).isEmpty();
        assertThat(Rules.matched(sexualOnly, "free porn")).isEqualTo("porn");
        assertThat(Rules.judge(sexualOnly, "damn it")).isEmpty();
    }
}
