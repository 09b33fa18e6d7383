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
 * platform's are. One alternation of every pattern answers first whether any matches at all, so a
 * message that matches none (nearly all of them) costs one pass instead of one per pattern.
 */
final class RegexSet {

    /** A rule gives up looking for a match its allow list does not cover after this many matches. */
    static final int MAX_MATCHES_PER_PATTERN = 256;

    private final Pattern[][] patterns;
    private final @Nullable Pattern any;

    private RegexSet(Pattern[][] patterns, @Nullable Pattern any) {
        this.patterns = patterns;
        this.any = any;
    }

    /** The rules' patterns (by slot); a pattern that does not compile is left out (CRUD refuses it). */
    static @Nullable RegexSet build(List<List<String>> byRule) {
        Pattern[][] patterns = new Pattern[byRule.size()][];
        List<String> all = new ArrayList<>();
        for (int r = 0; r < byRule.size(); r++) {
            List<Pattern> compiled = new ArrayList<>();
            for (String source : byRule.get(r)) {
                Pattern pattern = compile(source);
                if (pattern != null) {
                    compiled.add(pattern);
                    all.add("(?:" + source + ")");
                }
            }
            patterns[r] = compiled.toArray(new Pattern[0]);
        }
        if (all.isEmpty()) {
            return null;
        }
        return new RegexSet(patterns, compile(String.join("|", all)));
    }

    static @Nullable Pattern compile(String source) {
        try {
            return Pattern.compile(source, Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException e) {
            return null;
        }
    }

    boolean hasPatterns(int rule) {
        return patterns[rule].length > 0;
    }

    /** Whether any pattern of any rule matches somewhere in the text (true when that cannot be told). */
    boolean anyMatch(String text) {
        return any == null || any.matcher(text).find();
    }

    /**
     * The rule's first match in the text that {@code scan}'s allow spans do not cover, or null. Each
     * match is widened to its words for that check, as a keyword's is.
     */
    @Nullable
    Trigger firstMatch(int rule, AutomodRule definition, String text, MatchSource source, @Nullable KeywordScan scan) {
        for (Pattern pattern : patterns[rule]) {
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
                return new Trigger(definition, source, pattern.pattern(), text.substring(start, end), text, start, end);
            }
        }
        return null;
    }
}
