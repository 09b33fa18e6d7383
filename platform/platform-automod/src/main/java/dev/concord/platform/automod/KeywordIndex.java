package dev.concord.platform.automod;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Every keyword and allow-list entry of every rule judged on one event, in one automaton. A pattern id
 * leads to its rule's slot, its wildcards and whether it allows rather than triggers; one trie state can
 * end several patterns (the same word in two rules, {@code cat} and {@code cat*}).
 */
final class KeywordIndex {

    /**
     * One keyword of one rule; {@code allow} for an allow-list entry; {@code regex} the index of the
     * rule's regex this literal is a hint for ({@link RegexHints}), -1 for a keyword.
     */
    record Entry(int rule, Keyword keyword, boolean allow, int regex) {

        Entry(int rule, Keyword keyword, boolean allow) {
            this(rule, keyword, allow, -1);
        }
    }

    final KeywordAutomaton automaton;
    final int[] rule;
    final boolean[] allow;
    final int[] regex;
    final Keyword[] keyword;
    final int[] length;
    final int maxLength;

    private KeywordIndex(List<Entry> entries) {
        int count = entries.size();
        rule = new int[count];
        allow = new boolean[count];
        regex = new int[count];
        keyword = new Keyword[count];
        length = new int[count];
        List<String> patterns = new ArrayList<>(count);
        int longest = 0;
        for (int p = 0; p < count; p++) {
            Entry entry = entries.get(p);
            rule[p] = entry.rule();
            allow[p] = entry.allow();
            regex[p] = entry.regex();
            keyword[p] = entry.keyword();
            length[p] = entry.keyword().folded().length();
            longest = Math.max(longest, length[p]);
            patterns.add(entry.keyword().folded());
        }
        maxLength = longest;
        automaton = KeywordAutomaton.build(patterns);
    }

    /** The index of these entries (the same entry twice kept once), or null when there are none. */
    static @Nullable KeywordIndex build(List<Entry> entries) {
        Set<List<Object>> seen = new HashSet<>();
        List<Entry> distinct = new ArrayList<>();
        for (Entry entry : entries) {
            Keyword k = entry.keyword();
            if (seen.add(List.of(entry.rule(), entry.allow(), entry.regex(), k.folded(), k.anyStart(), k.anyEnd()))) {
                distinct.add(entry);
            }
        }
        return distinct.isEmpty() ? null : new KeywordIndex(distinct);
    }
}
