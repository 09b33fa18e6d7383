package dev.concord.platform.automod;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The regex_patterns of the rules judged on one event, in RE2J: automata, never backtracking, so a
 * member's pattern runs in time linear in the text whatever it is. Patterns are case-insensitive, as the
 * platform's are, and their \d, \w and \s Unicode-aware ({@link AutomodRegex}). RE2J costs hundreds of
 * nanoseconds a character, so a pattern runs on a text only when the keyword automaton saw there what any
 * match of it must contain ({@link RegexHints}).
 */
final class RegexSet {

    /** A rule gives up looking for a match its allow list does not cover after this many matches. */
    static final int MAX_MATCHES_PER_PATTERN = 256;

    private final Pattern[][] patterns;
    /** Each pattern as the rule has it (a trigger's matched_keyword), before {@link AutomodRegex} rewrote it. */
    private final String[][] sources;

    private final RegexHints[][] hints;

    private RegexSet(Pattern[][] patterns, String[][] sources, RegexHints[][] hints) {
        this.patterns = patterns;
        this.sources = sources;
        this.hints = hints;
    }

    /** The rules' patterns (by slot); a pattern that does not compile is left out (CRUD refuses it). */
    static @Nullable RegexSet build(List<List<String>> byRule) {
        Pattern[][] patterns = new Pattern[byRule.size()][];
        String[][] sources = new String[byRule.size()][];
        RegexHints[][] hints = new RegexHints[byRule.size()][];
        boolean any = false;
        for (int r = 0; r < byRule.size(); r++) {
            List<Pattern> compiled = new ArrayList<>();
            List<String> kept = new ArrayList<>();
            List<RegexHints> read = new ArrayList<>();
            for (String source : byRule.get(r)) {
                Pattern pattern = compile(source);
                if (pattern != null && compiled.size() < 31) {
                    compiled.add(pattern);
                    kept.add(source);
                    read.add(RegexHints.of(source));
                }
            }
            patterns[r] = compiled.toArray(new Pattern[0]);
            sources[r] = kept.toArray(new String[0]);
            hints[r] = read.toArray(new RegexHints[0]);
            any |= !compiled.isEmpty();
        }
        return any ? new RegexSet(patterns, sources, hints) : null;
    }

    /** The hints of the rule's regexes, by index (the bit {@link KeywordScan#hinted} sets). */
    RegexHints[] hints(int rule) {
        return hints[rule];
    }

    /** The rule's regexes to run on a text, given the literal hints it contains and the kinds of character. */
    int toRun(int rule, int hinted, int digits, boolean sawNonAscii) {
        int run = 0;
        RegexHints[] ruleHints = hints[rule];
        for (int k = 0; k < ruleHints.length; k++) {
            RegexHints hint = ruleHints[k];
            if (hint.runsAlways()
                    // The digits counted are ASCII; \d also matches others, which come with sawNonAscii.
                    || (hint.digits() > 0 && (digits >= hint.digits() || sawNonAscii))
                    || (hint.nonAscii() && sawNonAscii)
                    || (hinted & (1 << k)) != 0) {
                run |= 1 << k;
            }
        }
        return run;
    }

    static @Nullable Pattern compile(String source) {
        try {
            return AutomodRegex.compile(source);
        } catch (PatternSyntaxException e) {
            return null;
        }
    }

    boolean hasPatterns(int rule) {
        return patterns[rule].length > 0;
    }

    /**
     * The rule's first match in the text, among the regexes in {@code toRun} (bit per regex), that
     * {@code scan}'s allow spans do not cover, or null. Each match is widened to its words for that
     * check, as a keyword's is.
     */
    @Nullable
    Trigger firstMatch(
            int rule, int toRun, AutomodRule definition, String text, MatchSource source, @Nullable KeywordScan scan) {
        for (int k = 0; k < patterns[rule].length; k++) {
            if ((toRun & (1 << k)) == 0) {
                continue;
            }
            Pattern pattern = patterns[rule][k];
            Matcher matcher = pattern.matcher(text);
            for (int tries = 0; tries < MAX_MATCHES_PER_PATTERN && matcher.find(); tries++) {
                int start = matcher.start();
                int end = matcher.end();
                if (start == end) {
                    continue; // an empty match (`a*` on "b") names nothing to block
                }
                if (scan != null) {
                    int spanStart = Text.wordCharAt(text, start) ? Text.wordStart(text, start) : start;
                    int spanEnd = Text.wordCharBefore(text, end) ? Text.wordEnd(text, end) : end;
                    if (scan.covered(rule, spanStart, spanEnd)) {
                        continue;
                    }
                }
                return new Trigger(definition, source, sources[rule][k], text.substring(start, end), text, start, end);
            }
        }
        return null;
    }
}
