package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Judging is linear in the text, whatever the rules: the keyword automaton's steps are counted, not
 * timed; the regex engine, whose steps cannot be counted, is timed on inputs that would never finish on
 * a backtracking engine, with bounds far from anything but a change of complexity.
 */
class LinearTimeTest {

    private static final int SIZE = 64 * 1024;

    @Test
    void theKeywordAutomatonTakesAtMostTwoStepsPerCharacter() {
        // The worst case for failure links: a^k b for every k, against a text of a's that never ends them.
        List<String> keywords = new ArrayList<>();
        for (int k = 1; k < 60; k++) {
            keywords.add("*" + "a".repeat(k) + "b*");
        }
        AutomodRule rule = Rules.keywords(1, keywords, List.of("*aaa*"));
        CompiledRules compiled = new CompiledRules(List.of(rule));
        KeywordIndex index = Objects.requireNonNull(compiled.keywordIndex());
        for (String text : List.of("a".repeat(SIZE), "ab".repeat(SIZE / 2), "aaab ".repeat(SIZE / 5))) {
            KeywordScan scan = new KeywordScan(compiled, index, new boolean[] {true}, new Trigger[1]);
            scan.scan(text, MatchSource.CONTENT);
            assertThat(scan.steps).as(text.substring(0, 5)).isLessThanOrEqualTo(2L * text.length());
        }
    }

    @Test
    void aMatchInEveryWordUnderAnAllowListStaysLinear() {
        // Every word a candidate and every word allowed: one candidate and one allow span per word.
        AutomodRule rule = Rules.keywords(1, List.of("*a*", "a*", "*a"), List.of("*a*"));
        String text = "ba ".repeat(SIZE / 3);
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThat(Rules.judge(rule, text))
                .isEmpty());
    }

    @Test
    void aCatastrophicPatternRunsInLinearTime() {
        AutomodRule rule = Rules.regexes(1, List.of("(a+)+$", "(a|aa)+$", "(.*a){12}$"), List.of());
        GuildRules rules = GuildRules.compile(List.of(rule));
        String quarter = "a".repeat(SIZE / 4) + "b";
        String full = "a".repeat(SIZE) + "b";
        // A backtracking engine would not finish the first call in the lifetime of the machine.
        assertThatCode(() -> Assertions.assertTimeoutPreemptively(
                        Duration.ofSeconds(60), () -> rules.judgeMessage(MessageInput.of(full, 1))))
                .doesNotThrowAnyException();
        assertThat(rules.judgeMessage(MessageInput.of(full, 1))).isEmpty();
        // Four times the input takes about four times as long (quadratic would be 16x, exponential
        // astronomic); best of several runs, so a busy machine's pauses do not count.
        double ratio = best(rules, full) / best(rules, quarter);
        assertThat(ratio).isLessThan(10);
    }

    private static double best(GuildRules rules, String text) {
        long best = Long.MAX_VALUE;
        MessageInput message = MessageInput.of(text, 1);
        for (int run = 0; run < 7; run++) {
            long start = System.nanoTime();
            rules.judgeMessage(message);
            best = Math.min(best, System.nanoTime() - start);
        }
        return best;
    }
}
