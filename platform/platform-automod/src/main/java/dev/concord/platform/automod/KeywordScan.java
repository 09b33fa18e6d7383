package dev.concord.platform.automod;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * One judging's pass of the keyword automaton over a text, and what it leaves for the regexes: the words
 * each rule's allow list covers. Linear in the text: each character is folded and fed once, word
 * boundaries are checked only where a keyword ends, and the word around a match comes from a ring of
 * what was fed (backward) or one look-ahead per word (forward). Not thread-safe: one per judging.
 */
final class KeywordScan {

    private final CompiledRules rules;
    private final KeywordIndex index;
    private final KeywordAutomaton automaton;
    private final boolean[] active;
    private final @Nullable Trigger[] found;

    /** For the last fed units: the code point's index in the text, and its word's start (-1: not a word). */
    private final int mask;

    private final int[] ringPos;
    private final int[] ringWord;

    /** Candidate matches of rules with an allow list: rule, word start, word end, pattern; by end. */
    private int[] candidates = new int[4 * 8];

    private int candidateCount;
    private final int[] lastCandidateStart;
    private final int[] lastCandidateEnd;

    /** Per rule, the word spans its allow list matched ({@code start << 32 | end}); sorted after the pass. */
    private final long[][] allowSpans;

    private final int[] allowCount;
    private final int[][] allowReach;

    /** Per rule, the regexes whose literal hint this text contains (bit per regex). */
    private final int[] hinted;

    private int digits;
    private boolean sawNonAscii;
    private String text = "";
    private MatchSource source = MatchSource.CONTENT;
    private int cachedWordStart = -1;
    private int cachedWordEnd = -1;
    private int undecided;
    long steps;

    KeywordScan(CompiledRules rules, KeywordIndex index, boolean[] active, @Nullable Trigger[] found) {
        this.rules = rules;
        this.index = index;
        this.automaton = index.automaton;
        this.active = active;
        this.found = found;
        int size = Integer.highestOneBit(Math.max(index.maxLength + 2, 8) * 2 - 1);
        mask = size - 1;
        ringPos = new int[size];
        ringWord = new int[size];
        int ruleCount = rules.size();
        lastCandidateStart = new int[ruleCount];
        lastCandidateEnd = new int[ruleCount];
        allowSpans = new long[ruleCount][];
        allowCount = new int[ruleCount];
        allowReach = new int[ruleCount][];
        hinted = new int[ruleCount];
    }

    /** Whether a keyword or allow-list entry of an undecided rule could still matter in a text. */
    boolean worthScanning() {
        for (int r = 0; r < found.length; r++) {
            if (needed(r)) {
                return true;
            }
        }
        return false;
    }

    private boolean needed(int r) {
        return active[r] && found[r] == null && (rules.hasKeywords(r) || rules.hasRegexes(r));
    }

    /**
     * Finds, for each active undecided rule, its first keyword match in {@code text} that its allow list
     * does not cover, and records the allow list's spans for {@link #covered}.
     */
    void scan(String text, MatchSource source) {
        this.text = text;
        this.source = source;
        reset();
        // Without an allow list in play a rule is decided by its first match: stop once all are.
        boolean canStopEarly = true;
        undecided = 0;
        for (int r = 0; r < found.length; r++) {
            if (needed(r)) {
                if (rules.hasAllowList(r) || rules.hasRegexes(r)) {
                    canStopEarly = false;
                }
                undecided++;
            }
        }
        if (!canStopEarly) {
            undecided = Integer.MAX_VALUE;
        }
        int state = KeywordAutomaton.ROOT;
        int fed = 0;
        int wordStart = -1;
        boolean lastSpace = false;
        long taken = 0;
        int n = text.length();
        int i = 0;
        while (i < n && undecided > 0) {
            int cp = text.charAt(i);
            int width = 1;
            if (Character.isHighSurrogate((char) cp) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                cp = Character.toCodePoint((char) cp, text.charAt(i + 1));
                width = 2;
            }
            int at = i;
            i += width;
            boolean word;
            int folded;
            if (cp < 128) {
                folded = Text.fold(cp);
                word = Text.isWordChar(cp);
                if (cp >= '0' && cp <= '9') {
                    digits++;
                }
            } else {
                sawNonAscii = true;
                if (Text.isIgnorable(cp)) {
                    continue;
                }
                folded = Text.fold(cp);
                word = Text.isWordChar(cp);
            }
            if (folded == ' ') {
                if (lastSpace) {
                    continue;
                }
                lastSpace = true;
            } else {
                lastSpace = false;
            }
            if (word) {
                if (wordStart < 0) {
                    wordStart = at;
                }
            } else {
                wordStart = -1;
            }
            char unit = Character.isBmpCodePoint(folded) ? (char) folded : Character.highSurrogate(folded);
            while (true) {
                ringPos[fed & mask] = at;
                ringWord[fed & mask] = wordStart;
                fed++;
                // Inlined transition: edges, then failure links; each failure link taken is paid for by an
                // edge taken before, so a text of n units costs at most 2n steps.
                int s = state;
                int target;
                while (true) {
                    taken++;
                    target = automaton.edge(s, unit);
                    if (target >= 0 || s == KeywordAutomaton.ROOT) {
                        break;
                    }
                    s = automaton.failure(s);
                }
                state = target >= 0 ? target : KeywordAutomaton.ROOT;
                if (unit == folded || Character.isLowSurrogate(unit)) {
                    break;
                }
                unit = Character.lowSurrogate(folded);
            }
            for (int o = automaton.firstOutput(state); o >= 0; o = automaton.nextOutput(o)) {
                for (int k = automaton.outputStart(o); k < automaton.outputEnd(o); k++) {
                    matched(automaton.outputPattern(k), fed, i, wordStart);
                }
            }
        }
        steps = taken;
        resolve();
    }

    private void reset() {
        candidateCount = 0;
        Arrays.fill(lastCandidateStart, -1);
        Arrays.fill(lastCandidateEnd, -1);
        Arrays.fill(allowCount, 0);
        Arrays.fill(allowReach, null);
        Arrays.fill(hinted, 0);
        digits = 0;
        sawNonAscii = false;
        cachedWordStart = -1;
        cachedWordEnd = -1;
    }

    /** A pattern ends at {@code end} (text index), after {@code fed} units; {@code wordStart} of its last. */
    private void matched(int p, int fed, int end, int wordStart) {
        int r = index.rule[p];
        if (!active[r] || found[r] != null) {
            return;
        }
        if (index.regex[p] >= 0) {
            hinted[r] |= 1 << index.regex[p];
            return;
        }
        Keyword keyword = index.keyword[p];
        int first = fed - index.length[p];
        boolean wordBefore = first > 0 && ringWord[(first - 1) & mask] >= 0;
        if (!keyword.anyStart() && keyword.firstIsWord() && wordBefore) {
            return;
        }
        if (!keyword.anyEnd() && keyword.lastIsWord() && Text.wordCharAt(text, end)) {
            return;
        }
        int start = ringPos[first & mask];
        int spanStart = keyword.firstIsWord() ? ringWord[first & mask] : start;
        int spanEnd = keyword.lastIsWord() ? wordEnd(wordStart, end) : end;
        if (index.allow[p]) {
            addAllow(r, spanStart, spanEnd);
        } else if (!rules.hasAllowList(r)) {
            decide(r, keyword.text(), spanStart, spanEnd);
        } else if (lastCandidateStart[r] != spanStart || lastCandidateEnd[r] != spanEnd) {
            // Whether the allow list covers a match depends on its words alone: one candidate per span.
            lastCandidateStart[r] = spanStart;
            lastCandidateEnd[r] = spanEnd;
            if (candidateCount * 4 == candidates.length) {
                candidates = Arrays.copyOf(candidates, candidates.length * 2);
            }
            int c = candidateCount++ * 4;
            candidates[c] = r;
            candidates[c + 1] = spanStart;
            candidates[c + 2] = spanEnd;
            candidates[c + 3] = p;
        }
    }

    /** The end of the word the current code point belongs to: looked up once per word. */
    private int wordEnd(int wordStart, int end) {
        if (wordStart != cachedWordStart) {
            cachedWordStart = wordStart;
            cachedWordEnd = Text.wordEnd(text, end);
        }
        return cachedWordEnd;
    }

    private void addAllow(int r, int start, int end) {
        long span = ((long) start << 32) | end;
        int count = allowCount[r];
        long[] spans = allowSpans[r];
        if (count > 0 && spans != null && spans[count - 1] == span) {
            return;
        }
        if (spans == null) {
            spans = allowSpans[r] = new long[8];
        } else if (count == spans.length) {
            spans = allowSpans[r] = Arrays.copyOf(spans, count * 2);
        }
        spans[count] = span;
        allowCount[r] = count + 1;
    }

    private void decide(int r, String keyword, int start, int end) {
        found[r] = new Trigger(rules.rule(r), source, keyword, text.substring(start, end), text, start, end);
        undecided--;
    }

    /** After the pass: sorts each rule's allow spans, then each rule's first uncovered candidate wins. */
    private void resolve() {
        for (int r = 0; r < allowCount.length; r++) {
            int count = allowCount[r];
            long[] spans = allowSpans[r];
            if (count == 0 || spans == null) {
                continue;
            }
            Arrays.sort(spans, 0, count);
            int[] reach = new int[count];
            int max = -1;
            for (int k = 0; k < count; k++) {
                max = Math.max(max, (int) spans[k]);
                reach[k] = max;
            }
            allowReach[r] = reach;
        }
        for (int c = 0; c < candidateCount * 4; c += 4) {
            int r = candidates[c];
            if (found[r] == null && !covered(r, candidates[c + 1], candidates[c + 2])) {
                decide(r, index.keyword[candidates[c + 3]].text(), candidates[c + 1], candidates[c + 2]);
            }
        }
    }

    /** The regexes of rule {@code r} whose literal hint the last text contained (bit per regex). */
    int hinted(int r) {
        return hinted[r];
    }

    /** Whether the last text contained a character beyond ASCII. */
    boolean sawNonAscii() {
        return sawNonAscii;
    }

    /** How many ASCII digits the last text contained. */
    int digits() {
        return digits;
    }

    /**
     * Whether rule {@code r}'s allow list matched, in the last text scanned, words that include the whole
     * span {@code start..end}.
     */
    boolean covered(int r, int start, int end) {
        int[] reach = allowReach[r];
        long[] spans = allowSpans[r];
        if (reach == null || spans == null) {
            return false;
        }
        // The last allow span starting at or before `start`; `reach` is the furthest end up to it.
        long key = ((long) start << 32) | 0xFFFF_FFFFL;
        int k = Arrays.binarySearch(spans, 0, allowCount[r], key);
        int last = k >= 0 ? k : -k - 2;
        return last >= 0 && reach[last] >= end;
    }
}
