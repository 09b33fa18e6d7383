package dev.concord.platform.automod;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What any match of a regex must contain, read from the pattern's text, so that the keyword automaton
 * (which reads every message anyway) tells whether the regex can match at all, and RE2J, which costs
 * hundreds of nanoseconds a character, runs only then. For each top-level alternative: its longest run
 * of literal characters that every match contains; failing that, whether it needs an ASCII digit
 * ({@code \d}, {@code [0-9]}). Sound, not complete: whatever the reading does not understand (groups,
 * classes, {@code \Q}, optional atoms) ends a run or gives no hint, and a pattern without a hint for
 * every alternative always runs. Literals are folded as keywords are, and RE2J's case-insensitive
 * matching folds no more widely than that.
 *
 * @param literals literals of the alternatives that have one: seeing any of them lets the pattern run
 * @param digits when some alternative has no literal but needs ASCII digits: the fewest any such
 *     alternative needs ({@code \d{3}-\d{4}} needs 7); a text with that many lets it run, 0 for none
 * @param nonAscii some alternative has neither but needs a character beyond ASCII (a class of such
 *     characters, as combining marks): seeing one lets it run
 * @param always some alternative needs nothing this reading can tell: the pattern always runs
 */
record RegexHints(List<String> literals, int digits, boolean nonAscii, boolean always) {

    static final RegexHints NONE = new RegexHints(List.of(), 0, false, true);

    static RegexHints of(String pattern) {
        List<String> branches = topLevelBranches(pattern);
        if (branches == null) {
            return NONE;
        }
        List<String> literals = new ArrayList<>();
        int digits = Integer.MAX_VALUE;
        boolean nonAscii = false;
        for (String branch : branches) {
            Branch hint = read(branch);
            if (hint == null) {
                return NONE;
            }
            // A one-character literal ("." of an address) is everywhere in prose: a digit is a rarer sign.
            boolean weak = hint.literal.length() < 2 && (hint.digits > 0 || hint.nonAscii);
            if (!hint.literal.isEmpty() && !weak && Keyword.parse(hint.literal) != null) {
                literals.add(hint.literal);
            } else if (hint.digits > 0) {
                digits = Math.min(digits, hint.digits);
            } else if (hint.nonAscii) {
                nonAscii = true;
            } else {
                return NONE;
            }
        }
        return new RegexHints(List.copyOf(literals), digits == Integer.MAX_VALUE ? 0 : digits, nonAscii, false);
    }

    boolean runsAlways() {
        return always;
    }

    private record Branch(String literal, int digits, boolean nonAscii) {}

    /** The alternatives split at top-level {@code |}, or null when the pattern is not understood. */
    private static @Nullable List<String> topLevelBranches(String pattern) {
        List<String> branches = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                i = classEnd(pattern, i);
                if (i < 0) {
                    return null;
                }
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                branches.add(pattern.substring(from, i));
                from = i + 1;
            }
        }
        branches.add(pattern.substring(from));
        return depth == 0 ? branches : null;
    }

    /** The literal run and digit need of one alternative, or null when it is not understood. */
    private static @Nullable Branch read(String branch) {
        String best = "";
        StringBuilder run = new StringBuilder();
        int digits = 0;
        boolean nonAscii = false;
        int i = 0;
        while (i < branch.length()) {
            int literal = -1;
            boolean digitAtom = false;
            boolean nonAsciiAtom = false;
            Branch group = null;
            int c = branch.codePointAt(i);
            if (c == '\\') {
                if (i + 1 >= branch.length()) {
                    return null;
                }
                char next = branch.charAt(i + 1);
                if (next == 'Q' || next == 'p' || next == 'P') {
                    return null; // quoted text and classes by property: not read here
                }
                if (next == 'x') {
                    int end = hexEnd(branch, i);
                    if (end < 0) {
                        return null;
                    }
                    nonAsciiAtom = hexValue(branch, i) >= 128;
                    i = end;
                    next = 'x';
                }
                if (next < 128 && !Character.isLetterOrDigit(next)) {
                    literal = next;
                }
                digitAtom = next == 'd';
                if (next != 'x') {
                    i += 2;
                }
            } else if (c == '[') {
                int end = classEnd(branch, i);
                if (end < 0) {
                    return null;
                }
                digitAtom = branch.substring(i, end + 1).equals("[0-9]");
                nonAsciiAtom = nonAsciiClass(branch.substring(i + 1, end));
                i = end + 1;
            } else if (c == '(') {
                int end = groupEnd(branch, i);
                if (end < 0) {
                    return null;
                }
                String inner = branch.substring(i + 1, end);
                if (inner.startsWith("?:")) {
                    inner = inner.substring(2);
                }
                List<String> alternatives = inner.startsWith("?") ? null : topLevelBranches(inner);
                if (alternatives != null && alternatives.size() == 1) {
                    group = read(inner);
                }
                i = end + 1;
            } else if (c == '.' || c == '^' || c == '$' || c == '*' || c == '+' || c == '?' || c == '{' || c == ')') {
                i++;
            } else {
                literal = c;
                i += Character.charCount(c);
            }
            // The quantifier, if any, of the atom just read.
            boolean optional = false;
            boolean repeated = false;
            int times = 1;
            if (i < branch.length()) {
                char q = branch.charAt(i);
                if (q == '?' || q == '*') {
                    optional = true;
                    i++;
                } else if (q == '+') {
                    repeated = true;
                    i++;
                } else if (q == '{') {
                    int close = branch.indexOf('}', i);
                    String min = close < 0 ? "" : branch.substring(i + 1, close).split(",", -1)[0];
                    if (!min.matches("\\d{1,4}") || Integer.parseInt(min) == 0) {
                        optional = true;
                    } else {
                        repeated = true;
                        times = Integer.parseInt(min);
                    }
                    i = close < 0 ? branch.length() : close + 1;
                }
                if ((optional || repeated) && i < branch.length() && branch.charAt(i) == '?') {
                    i++;
                }
            }
            if (!optional) {
                digits += digitAtom ? times : 0;
                nonAscii |= nonAsciiAtom;
                if (group != null) {
                    digits += group.digits * times;
                    nonAscii |= group.nonAscii;
                    if (group.literal.length() > best.length()) {
                        best = group.literal;
                    }
                }
            }
            if (literal >= 0 && literal != '*' && !optional) {
                run.appendCodePoint(literal);
                if (!repeated) {
                    continue;
                }
            }
            if (run.length() > best.length()) {
                best = run.toString();
            }
            run.setLength(0);
        }
        if (run.length() > best.length()) {
            best = run.toString();
        }
        return new Branch(best, Math.min(digits, 1000), nonAscii);
    }

    /** Where the {@code \\x} escape at {@code at} ends ({@code \\xHH} or {@code \\x{H...}}), -1 if malformed. */
    private static int hexEnd(String pattern, int at) {
        if (at + 2 < pattern.length() && pattern.charAt(at + 2) == '{') {
            int close = pattern.indexOf('}', at + 3);
            return close < 0 ? -1 : close + 1;
        }
        return at + 4 <= pattern.length() ? at + 4 : -1;
    }

    private static int hexValue(String pattern, int at) {
        String digits = pattern.charAt(at + 2) == '{'
                ? pattern.substring(at + 3, pattern.indexOf('}', at + 3))
                : pattern.substring(at + 2, at + 4);
        try {
            return digits.length() > 6 ? -1 : Integer.parseInt(digits, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Whether a class (its content between the brackets) holds only characters beyond ASCII. */
    private static boolean nonAsciiClass(String content) {
        if (content.isEmpty() || content.startsWith("^")) {
            return false;
        }
        int i = 0;
        while (i < content.length()) {
            int value;
            if (content.charAt(i) == '\\') {
                if (i + 1 >= content.length() || content.charAt(i + 1) != 'x') {
                    return false;
                }
                int end = hexEnd(content, i);
                if (end < 0) {
                    return false;
                }
                value = hexValue(content, i);
                i = end;
            } else {
                value = content.codePointAt(i);
                i += Character.charCount(value);
                if (value == '-' || value == '[') {
                    return false;
                }
            }
            if (value < 128) {
                return false;
            }
            if (i < content.length() && content.charAt(i) == '-') {
                i++; // a range: its upper end is read next, and must be beyond ASCII too
            }
        }
        return true;
    }

    /** The index of the {@code ]} closing the class opened at {@code open}, -1 if none. */
    private static int classEnd(String pattern, int open) {
        int i = open + 1;
        if (i < pattern.length() && pattern.charAt(i) == '^') {
            i++;
        }
        if (i < pattern.length() && pattern.charAt(i) == ']') {
            i++;
        }
        for (; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[' && i + 1 < pattern.length() && pattern.charAt(i + 1) == ':') {
                int close = pattern.indexOf(":]", i + 2);
                if (close < 0) {
                    return -1;
                }
                i = close + 1;
            } else if (c == ']') {
                return i;
            }
        }
        return -1;
    }

    /** The index of the {@code )} closing the group opened at {@code open}, -1 if none. */
    private static int groupEnd(String pattern, int open) {
        int depth = 0;
        for (int i = open; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                i = classEnd(pattern, i);
                if (i < 0) {
                    return -1;
                }
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
