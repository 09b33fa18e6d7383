package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What a regex's matches must contain, and that skipping RE2J on that ground never misses a match. */
class RegexHintsTest {

    @Test
    void readsTheLongestRequiredLiteralOfEachAlternative() {
        assertThat(RegexHints.of("discord(?:\\.gg|app\\.com/invite)/[a-z0-9-]+").literals())
                .containsExactly("discord");
        assertThat(RegexHints.of("https?://(?:bit\\.ly|goo\\.gl)/\\S+").literals())
                .containsExactly("http");
        assertThat(RegexHints.of("(b|c)at").literals()).containsExactly("at");
        assertThat(RegexHints.of("free\\s*nitro").literals()).containsExactly("nitro");
        assertThat(RegexHints.of("lo+l").literals()).containsExactly("lo");
        assertThat(RegexHints.of("a{0,3}bc").literals()).containsExactly("bc");
        assertThat(RegexHints.of("(?i)abc").literals()).containsExactly("abc");
        assertThat(RegexHints.of("cat|dogs?").literals()).containsExactly("cat", "dog");
        assertThat(RegexHints.of("\\$\\$\\$$").literals()).containsExactly("$$$");
    }

    @Test
    void digitsOrBeyondAsciiWhenThereIsNoLiteralAndNothingWhenThereIsNeither() {
        assertThat(RegexHints.of("\\b(?:\\d{1,3}\\.){3}\\d{1,3}\\b").digits()).isEqualTo(4);
        assertThat(RegexHints.of("[0-9]+|\\d").digits()).isEqualTo(1);
        assertThat(RegexHints.of("\\(?\\d{3}\\)?[ .-]?\\d{3}[ .-]?\\d{4}").digits())
                .isEqualTo(10);
        assertThat(RegexHints.of("(?:[\\x{0300}-\\x{036F}]){6,}").nonAscii()).isTrue();
        assertThat(RegexHints.of("[é-ü]").nonAscii()).isTrue();
        assertThat(RegexHints.of("[a-ü]").runsAlways()).isTrue();
        assertThat(RegexHints.of("x*").runsAlways()).isTrue();
        assertThat(RegexHints.of("cat|\\w+").runsAlways()).isTrue();
        assertThat(RegexHints.of("\\Qcat\\E").runsAlways()).isTrue();
        assertThat(RegexHints.of("[^\\x{0300}-\\x{036F}]{6,}").runsAlways()).isTrue();
        assertThat(RegexHints.of("\\d?x*").runsAlways()).isTrue();
    }

    @Test
    void theEngineFindsWhatRe2jFindsOnRandomPatternsAndTexts() {
        String[] pieces = {
            "a",
            "b",
            "ab",
            "B",
            "\\.",
            "\\d",
            "[0-9]",
            "[ab]",
            "(a|b)",
            "(?:ab)+",
            "x?",
            "c*",
            "c+",
            "c{2}",
            "\\s",
            " ",
            "é",
            "É",
            "\\$",
            ".",
            "[é-ü]",
            "(?:\\x{e9})",
            "\\x{200B}",
            "(?:ab|c)",
            "(?:ab)"
        };
        Random random = new Random(20261128L);
        for (int round = 0; round < 400; round++) {
            StringBuilder pattern = new StringBuilder();
            int length = 1 + random.nextInt(4);
            for (int i = 0; i < length; i++) {
                pattern.append(pieces[random.nextInt(pieces.length)]);
            }
            if (random.nextInt(4) == 0) {
                pattern.append('|').append(pieces[random.nextInt(pieces.length)]);
            }
            AutomodRule rule = Rules.regexes(1, List.of(pattern.toString()), List.of());
            GuildRules rules = GuildRules.compile(List.of(rule));
            Pattern re2j = Pattern.compile(pattern.toString(), Pattern.CASE_INSENSITIVE);
            for (int t = 0; t < 20; t++) {
                StringBuilder text = new StringBuilder();
                int size = random.nextInt(12);
                for (int i = 0; i < size; i++) {
                    text.append("abAB.1 cé$É\u200B12".charAt(random.nextInt(14)));
                }
                String message = text.toString();
                assertThat(!rules.judgeMessage(MessageInput.of(message, 1)).isEmpty())
                        .as("/%s/ on \"%s\"", pattern, message)
                        .isEqualTo(nonEmptyMatch(re2j, message));
            }
        }
    }

    private static boolean nonEmptyMatch(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            if (matcher.end() > matcher.start()) {
                return true;
            }
        }
        return false;
    }
}
