package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The allow list wins over a match whose words it covers, with the same wildcards as keywords. */
class AllowListTest {

    @ParameterizedTest(name = "{0} allowing {1} in \"{2}\" -> \"{3}\"")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            *cat*   | education       | education            |
            *cat*   | education       | "education cat"      | cat
            *cat*   | education       | educationcat         | educationcat
            *cat*   | *ion            | "location vacation"  |
            *cat*   | *ion            | "location cattle"    | cattle
            cat*    | catalogue       | "a catalogue"        |
            cat*    | catalogue       | "a catalogue, a catapult" | catapult
            cat     | cat*            | cat                  |
            *cat*   | cat             | bobcat               | bobcat
            mat     | the mat         | "the mat"            |
            mat     | the mat         | "a mat"              | mat
            ass     | "ass"           | "ass"                |
            """)
    void allowList(String keyword, String allowed, String message, String expected) {
        AutomodRule rule = Rules.keywords(1, List.of(keyword), List.of(allowed));
        assertThat(Rules.matched(rule, message)).isEqualTo(expected);
    }

    @Test
    void anAllowListCoversOnlyItsOwnRule() {
        AutomodRule strict = Rules.keywords(1, List.of("*cat*"));
        AutomodRule lenient = Rules.keywords(2, List.of("*cat*"), List.of("education"));
        List<Trigger> triggers =
                GuildRules.compile(List.of(strict, lenient)).judgeMessage(MessageInput.of("education", 1));
        assertThat(triggers).extracting(t -> t.rule().id()).containsExactly(1L);
    }

    @Test
    void theAllowListCoversRegexMatchesToo() {
        AutomodRule rule = Rules.regexes(1, List.of("c.t"), List.of("cut*"));
        assertThat(Rules.matched(rule, "a cute cutlet")).isNull();
        assertThat(Rules.matched(rule, "a cute cat")).isEqualTo("cat");
    }

    @Test
    void theAllowListCoversPresetWords() {
        AutomodRule rule = Rules.presets(1, Set.of(KeywordPreset.PROFANITY), List.of("crap"));
        assertThat(Rules.matched(rule, "what crap")).isNull();
        assertThat(Rules.matched(rule, "what crap, damn")).isEqualTo("damn");
    }
}
