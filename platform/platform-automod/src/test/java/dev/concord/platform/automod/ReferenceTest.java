package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The engine against a plain re-statement of the keyword rules (every occurrence of every keyword found
 * with indexOf, boundaries and allow-list cover checked one by one), on random rules and messages over a
 * small alphabet, so that keywords overlap, nest and share prefixes as often as possible.
 */
class ReferenceTest {

    private static final String ALPHABET = "abcAB .,";

    @Test
    void theEngineAgreesWithTheReferenceOnRandomRulesAndMessages() {
        Random random = new Random(20261128L);
        for (int round = 0; round < 300; round++) {
            List<String> keywords = randomKeywords(random, 1 + random.nextInt(12));
            List<String> allow = random.nextBoolean() ? randomKeywords(random, random.nextInt(4)) : List.of();
            AutomodRule rule = Rules.keywords(1, keywords, allow);
            GuildRules rules = GuildRules.compile(List.of(rule));
            for (int m = 0; m < 20; m++) {
                String text = randomText(random, 1 + random.nextInt(40));
                List<String> expected = reference(keywords, allow, text);
                List<Trigger> triggers = rules.judgeMessage(MessageInput.of(text, 1));
                String context = "keywords " + keywords + " allow " + allow + " text \"" + text + "\"";
                if (expected.isEmpty()) {
                    assertThat(triggers).as(context).isEmpty();
                } else {
                    assertThat(triggers).as(context).hasSize(1);
                    assertThat(expected).as(context).contains(triggers.get(0).matchedContent());
                }
            }
        }
    }

    private static List<String> randomKeywords(Random random, int count) {
        List<String> keywords = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            StringBuilder word = new StringBuilder();
            int length = 1 + random.nextInt(4);
            for (int i = 0; i < length; i++) {
                boolean edge = i == 0 || i == length - 1 || word.charAt(i - 1) == ' ';
                word.append("abc ".charAt(random.nextInt(edge ? 3 : 4)));
            }
            String keyword = word.toString();
            int kind = random.nextInt(4);
            keywords.add((kind == 1 || kind == 3 ? "*" : "") + keyword + (kind == 2 || kind == 3 ? "*" : ""));
        }
        return keywords;
    }

    private static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
            if (c == ' ' && (text.length() == 0 || text.charAt(text.length() - 1) == ' ')) {
                c = 'a';
            }
            text.append(c);
        }
        return text.toString();
    }

    /** The matched contents (word spans) of every match the allow list does not cover. */
    private static List<String> reference(List<String> keywords, List<String> allow, String text) {
        List<int[]> allowed = spans(allow, text);
        List<String> uncovered = new ArrayList<>();
        for (int[] span : spans(keywords, text)) {
            boolean covered = allowed.stream().anyMatch(a -> a[0] <= span[0] && a[1] >= span[1]);
            if (!covered) {
                uncovered.add(text.substring(span[0], span[1]));
            }
        }
        return uncovered;
    }

    private static List<int[]> spans(List<String> keywords, String text) {
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        List<int[]> spans = new ArrayList<>();
        for (String keyword : keywords) {
            boolean anyStart = keyword.startsWith("*");
            boolean anyEnd = keyword.endsWith("*");
            String body = keyword.replace("*", "");
            for (int at = lower.indexOf(body); at >= 0; at = lower.indexOf(body, at + 1)) {
                int end = at + body.length();
                boolean wordBefore = at > 0 && isWord(lower.charAt(at - 1));
                boolean wordAfter = end < lower.length() && isWord(lower.charAt(end));
                if ((!anyStart && wordBefore) || (!anyEnd && wordAfter)) {
                    continue;
                }
                int start = at;
                while (start > 0 && isWord(lower.charAt(start - 1))) {
                    start--;
                }
                int stop = end;
                while (stop < lower.length() && isWord(lower.charAt(stop))) {
                    stop++;
                }
                spans.add(new int[] {start, stop});
            }
        }
        return spans;
    }

    private static boolean isWord(char c) {
        return Character.isLetterOrDigit(c);
    }
}
