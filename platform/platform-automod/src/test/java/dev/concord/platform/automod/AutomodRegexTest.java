package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The Perl classes of a member's pattern mean what they mean in the platform's flavour: Unicode-aware. */
class AutomodRegexTest {

    @Test
    void wordDigitAndSpaceClassesMatchBeyondAscii() {
        assertThat(AutomodRegex.compile("^\\w+$").matches("привет")).isTrue();
        assertThat(AutomodRegex.compile("^\\w+$").matches("café_ça")).isTrue();
        assertThat(AutomodRegex.compile("^\\w+$").matches("a-b")).isFalse();
        assertThat(AutomodRegex.compile("^\\d{3}$").matches("٣٤٥"))
                .as("Arabic-Indic digits")
                .isTrue();
        assertThat(AutomodRegex.compile("^\\d$").matches("x")).isFalse();
        assertThat(AutomodRegex.compile("^a\\sb$").matches("a\u00A0b"))
                .as("a no-break space")
                .isTrue();
        assertThat(AutomodRegex.compile("^a\\sb$").matches("a\tb")).isTrue();
        assertThat(AutomodRegex.compile("^\\W$").matches("ж")).isFalse();
        assertThat(AutomodRegex.compile("^\\W$").matches("!")).isTrue();
        assertThat(AutomodRegex.compile("^\\S+$").matches("a\u2003b"))
                .as("an em space")
                .isFalse();
        assertThat(AutomodRegex.compile("^\\D+$").matches("٣")).isFalse();
    }

    @Test
    void insideAClassTheyAreItems() {
        assertThat(AutomodRegex.compile("^[\\w.-]+$").matches("élan.vital-1")).isTrue();
        assertThat(AutomodRegex.compile("^[^\\d\\s]+$").matches("abc٣")).isFalse();
        assertThat(AutomodRegex.compile("^[\\s]$").matches("\u3000")).isTrue();
    }

    @Test
    void literalTextOtherEscapesAndPosixClassesAreCopied() {
        assertThat(AutomodRegex.unicodePerlClasses("\\Q\\d\\E\\d")).isEqualTo("\\Q\\d\\E\\p{Nd}");
        assertThat(AutomodRegex.unicodePerlClasses("[[:digit:]\\d]")).isEqualTo("[[:digit:]\\p{Nd}]");
        assertThat(AutomodRegex.unicodePerlClasses("[]\\d]")).isEqualTo("[]\\p{Nd}]");
        assertThat(AutomodRegex.unicodePerlClasses("\\\\d"))
                .as("an escaped backslash, then d")
                .isEqualTo("\\\\d");
        assertThat(AutomodRegex.unicodePerlClasses("\\bx\\.\\p{Greek}")).isEqualTo("\\bx\\.\\p{Greek}");
        assertThat(AutomodRegex.compile("^\\Q\\d\\E$").matches("\\d")).isTrue();
    }

    @Test
    void aMalformedPatternStaysRefused() {
        assertThat(AutomodValidation.regexCompiles("[\\d")).isFalse();
        assertThat(AutomodValidation.regexCompiles("(\\w")).isFalse();
        assertThat(AutomodValidation.regexCompiles("\\w{2,}")).isTrue();
    }

    @Test
    void theEngineMatchesADigitPatternInATextWithOnlyNonAsciiDigits() {
        AutomodRule rule = Rules.regexes(1, List.of("\\d{4}"), List.of());
        assertThat(Rules.matched(rule, "call ١٢٣٤ now")).isEqualTo("١٢٣٤");
        assertThat(Rules.matched(Rules.regexes(1, List.of("\\w+ов"), List.of()), "это Иванов"))
                .isEqualTo("Иванов");
    }
}
