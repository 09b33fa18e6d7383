package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** regex_patterns: RE2 syntax, case-insensitive, validated before they are stored. */
class RegexTest {

    @Test
    void thePlatformsDocumentedExamples() {
        AutomodRule rule = Rules.regexes(1, List.of("(b|c)at", "^(?:[0-9]{1,3}\\.){3}[0-9]{1,3}$"), List.of());
        assertThat(Rules.matched(rule, "a BAT flew by")).isEqualTo("BAT");
        assertThat(Rules.matched(rule, "concatenate")).isEqualTo("cat");
        assertThat(Rules.matched(rule, "192.168.0.1")).isEqualTo("192.168.0.1");
        assertThat(Rules.matched(rule, "my ip is 192.168.0.1")).isNull();
        Trigger trigger = Rules.judge(rule, "192.168.0.1").get(0);
        assertThat(trigger.matchedKeyword()).isEqualTo("^(?:[0-9]{1,3}\\.){3}[0-9]{1,3}$");
    }

    @Test
    void caseInsensitiveBeyondAscii() {
        assertThat(Rules.matched(Rules.regexes(1, List.of("straße|привет"), List.of()), "ПРИВЕТ"))
                .isEqualTo("ПРИВЕТ");
    }

    @Test
    void emptyMatchesNameNothing() {
        AutomodRule rule = Rules.regexes(1, List.of("x*"), List.of());
        assertThat(Rules.matched(rule, "abc")).isNull();
        assertThat(Rules.matched(rule, "abxxc")).isEqualTo("xx");
    }

    @Test
    void keywordsComeBeforeRegexesOfTheSameRule() {
        AutomodRule rule = AutomodRule.of(
                1, TriggerType.KEYWORD, TriggerMetadata.keywords(List.of("dog"), List.of("c.t"), List.of()));
        Trigger trigger = Rules.judge(rule, "cat and dog").get(0);
        assertThat(trigger.matchedKeyword()).isEqualTo("dog");
        assertThat(Rules.judge(rule, "cat").get(0).matchedKeyword()).isEqualTo("c.t");
    }

    @Test
    void validation() {
        assertThat(AutomodValidation.regexProblem("(b|c)at")).isEmpty();
        assertThat(AutomodValidation.regexCompiles("(a+)+$")).isTrue();
        assertThat(AutomodValidation.regexCompiles("(?P<word>\\w+)")).isTrue();
        assertThat(AutomodValidation.regexProblem("(unclosed")).get().asString().startsWith("Invalid regex");
        assertThat(AutomodValidation.regexCompiles("a{2,1}")).isFalse();
        // Backreferences and lookaround cannot run in linear time; neither RE2 nor Rust's engine has them.
        assertThat(AutomodValidation.regexCompiles("(a)\\1")).isFalse();
        assertThat(AutomodValidation.regexCompiles("a(?=b)")).isFalse();
        assertThat(AutomodValidation.regexCompiles("")).isFalse();
        assertThat(AutomodValidation.regexCompiles("a".repeat(260))).isTrue();
        assertThat(AutomodValidation.regexCompiles("a".repeat(261))).isFalse();
    }

    @Test
    void keywordValidation() {
        assertThat(AutomodValidation.keywordProblem("cat*")).isEmpty();
        assertThat(AutomodValidation.keywordProblem("i like c++")).isEmpty();
        assertThat(AutomodValidation.keywordProblem("x".repeat(60))).isEmpty();
        assertThat(AutomodValidation.keywordProblem("x".repeat(61))).isPresent();
        assertThat(AutomodValidation.keywordProblem("")).isPresent();
        assertThat(AutomodValidation.keywordProblem("**")).isPresent();
        assertThat(AutomodValidation.keywordProblem(" * ")).isPresent();
    }

    @Test
    void aPatternThatDoesNotCompileIsLeftOutNotFatal() {
        AutomodRule rule = Rules.regexes(1, List.of("(unclosed", "dog"), List.of());
        assertThat(Rules.matched(rule, "hot dog")).isEqualTo("dog");
    }
}
