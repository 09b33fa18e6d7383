package dev.concord.platform.automod;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Aho-Corasick over UTF-16 units: every pattern found in one pass over a text, in time linear in the
 * text plus the matches reported. The trie is stored flat (each state's edges a sorted slice of two
 * arrays) so a guild's 6,000 keywords cost a few hundred kilobytes, not a table per state; the root,
 * where a scan spends most of its steps, has a direct table for ASCII.
 */
final class KeywordAutomaton {

    static final int ROOT = 0;
    private static final int LINEAR_SEARCH_MAX = 8;

    private final int[] edgeStart;
    private final char[] edgeChar;
    private final int[] edgeTarget;
    private final int[] rootAscii = new int[128];
    private final int[] fail;
    private final int[] outStart;
    private final int[] outPatterns;
    /** The nearest state down the failure chain that ends a pattern, -1 for none. */
    private final int[] outLink;

    private KeywordAutomaton(int states, long[] keys, int[] targets, int[] terminal) {
        edgeStart = new int[states + 1];
        edgeChar = new char[keys.length];
        edgeTarget = new int[keys.length];
        for (int e = 0; e < keys.length; e++) {
            edgeStart[(int) (keys[e] >>> 16) + 1]++;
            edgeChar[e] = (char) keys[e];
            edgeTarget[e] = targets[e];
        }
        for (int s = 0; s < states; s++) {
            edgeStart[s + 1] += edgeStart[s];
        }
        Arrays.fill(rootAscii, -1);
        for (int e = edgeStart[ROOT]; e < edgeStart[ROOT + 1]; e++) {
            if (edgeChar[e] < 128) {
                rootAscii[edgeChar[e]] = edgeTarget[e];
            }
        }
        outStart = new int[states + 1];
        for (int state : terminal) {
            outStart[state + 1]++;
        }
        for (int s = 0; s < states; s++) {
            outStart[s + 1] += outStart[s];
        }
        outPatterns = new int[terminal.length];
        int[] fill = Arrays.copyOf(outStart, states);
        for (int p = 0; p < terminal.length; p++) {
            outPatterns[fill[terminal[p]]++] = p;
        }
        fail = new int[states];
        outLink = new int[states];
        linkFailures(states);
    }

    /** The automaton finding these patterns; a pattern's index in the list is its id. */
    static KeywordAutomaton build(List<String> patterns) {
        Map<Long, Integer> children = new HashMap<>();
        int[] terminal = new int[patterns.size()];
        int states = 1;
        for (int p = 0; p < patterns.size(); p++) {
            String pattern = patterns.get(p);
            int state = ROOT;
            for (int i = 0; i < pattern.length(); i++) {
                long key = ((long) state << 16) | pattern.charAt(i);
                Integer next = children.get(key);
                if (next == null) {
                    next = states++;
                    children.put(key, next);
                }
                state = next;
            }
            terminal[p] = state;
        }
        long[] keys =
                children.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
        int[] targets = new int[keys.length];
        for (int e = 0; e < keys.length; e++) {
            targets[e] = Objects.requireNonNull(children.get(keys[e]));
        }
        return new KeywordAutomaton(states, keys, targets, terminal);
    }

    private void linkFailures(int states) {
        int[] queue = new int[states];
        int head = 0;
        int tail = 0;
        queue[tail++] = ROOT;
        outLink[ROOT] = -1;
        while (head < tail) {
            int state = queue[head++];
            for (int e = edgeStart[state]; e < edgeStart[state + 1]; e++) {
                int target = edgeTarget[e];
                int f = ROOT;
                if (state != ROOT) {
                    f = next(fail[state], edgeChar[e]);
                }
                fail[target] = f;
                outLink[target] = endsPattern(f) ? f : outLink[f];
                queue[tail++] = target;
            }
        }
    }

    /** The state after reading {@code c} in {@code state}, following failure links as needed. */
    int next(int state, char c) {
        int s = state;
        while (true) {
            int target = edge(s, c);
            if (target >= 0) {
                return target;
            }
            if (s == ROOT) {
                return ROOT;
            }
            s = fail[s];
        }
    }

    /** The failure link: the longest proper suffix of the state's string that is a trie state. */
    int failure(int state) {
        return fail[state];
    }

    /** The edge from {@code state} on {@code c}, -1 for none. */
    int edge(int state, char c) {
        if (state == ROOT && c < 128) {
            return rootAscii[c];
        }
        int lo = edgeStart[state];
        int hi = edgeStart[state + 1];
        if (hi - lo <= LINEAR_SEARCH_MAX) {
            for (int e = lo; e < hi; e++) {
                char label = edgeChar[e];
                if (label == c) {
                    return edgeTarget[e];
                }
                if (label > c) {
                    return -1;
                }
            }
            return -1;
        }
        int found = Arrays.binarySearch(edgeChar, lo, hi, c);
        return found >= 0 ? edgeTarget[found] : -1;
    }

    boolean endsPattern(int state) {
        return outStart[state] != outStart[state + 1];
    }

    /** The first state at or down the failure chain from {@code state} that ends a pattern, -1 for none. */
    int firstOutput(int state) {
        return endsPattern(state) ? state : outLink[state];
    }

    int nextOutput(int state) {
        return outLink[state];
    }

    int outputStart(int state) {
        return outStart[state];
    }

    int outputEnd(int state) {
        return outStart[state + 1];
    }

    int outputPattern(int index) {
        return outPatterns[index];
    }

    int states() {
        return fail.length;
    }
}
