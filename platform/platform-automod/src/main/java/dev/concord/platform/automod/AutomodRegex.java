package dev.concord.platform.automod;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * A member's regex_patterns entry as the engine runs it: RE2 syntax, case-insensitive, with the Perl
 * classes {@code \d}, {@code \w} and {@code \s} meaning what they mean in the platform's own flavour
 * (Rust's regex crate), where they are Unicode-aware, rather than RE2's ASCII-only ones: {@code \w} matches
 * {@code é} and {@code ж}, {@code \d} an Arabic-Indic digit, {@code \s} a no-break space. Each is rewritten
 * into the Unicode classes RE2 has before the pattern compiles.
 *
 * <p>Two differences remain. RE2 has no Unicode {@code \b} or {@code \B}: word boundaries are between ASCII
 * word characters and anything else. And inside a bracketed class, {@code \W} and {@code \S} stay ASCII,
 * since "none of these Unicode classes" cannot be put among a class's other items.
 */
public final class AutomodRegex {

    /** Rust's {@code \w}: alphabetic (letters, letter numbers), marks, decimal digits, connectors, joiners. */
    private static final String WORD_ITEMS = "\\p{L}\\p{Nl}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}";
    /** Rust's {@code \s}: Unicode White_Space. */
    private static final String SPACE_ITEMS = "\\t-\\r\\x{85}\\p{Z}";

    private AutomodRegex() {}

    /** The pattern compiled as the engine runs it; a pattern RE2 refuses throws. */
    public static Pattern compile(String source) throws PatternSyntaxException {
        return Pattern.compile(unicodePerlClasses(source), Pattern.CASE_INSENSITIVE);
    }

    /**
     * {@code source} with each {@code \d}, {@code \D}, {@code \w}, {@code \W}, {@code \s} and {@code \S}
     * replaced by its Unicode equivalent; literal text ({@code \Q...\E}), other escapes and POSIX classes are
     * copied as they are, and a malformed pattern stays malformed.
     */
    static String unicodePerlClasses(String source) {
        StringBuilder out = new StringBuilder(source.length() + 32);
        boolean inClass = false;
        int n = source.length();
        int i = 0;
        while (i < n) {
            char c = source.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char escaped = source.charAt(i + 1);
                if (escaped == 'Q') {
                    int end = source.indexOf("\\E", i + 2);
                    int stop = end < 0 ? n : end + 2;
                    out.append(source, i, stop);
                    i = stop;
                    continue;
                }
                String replaced = inClass ? inClassItems(escaped) : outsideClass(escaped);
                out.append(replaced != null ? replaced : source.substring(i, i + 2));
                i += 2;
                continue;
            }
            if (inClass) {
                if (c == '[' && i + 1 < n && source.charAt(i + 1) == ':') {
                    int end = source.indexOf(":]", i + 2);
                    int stop = end < 0 ? i + 1 : end + 2;
                    out.append(source, i, stop);
                    i = stop;
                    continue;
                }
                if (c == ']') {
                    inClass = false;
                }
                out.append(c);
                i++;
                continue;
            }
            out.append(c);
            i++;
            if (c == '[') {
                inClass = true;
                // A class's first character (after a negation) is a literal, even "]": copied as it is.
                if (i < n && source.charAt(i) == '^') {
                    out.append('^');
                    i++;
                }
                if (i < n && source.charAt(i) == ']') {
                    out.append(']');
                    i++;
                }
            }
        }
        return out.toString();
    }

    private static @Nullable String outsideClass(char escaped) {
        return switch (escaped) {
            case 'd' -> "\\p{Nd}";
            case 'D' -> "\\P{Nd}";
            case 'w' -> "[" + WORD_ITEMS + "]";
            case 'W' -> "[^" + WORD_ITEMS + "]";
            case 's' -> "[" + SPACE_ITEMS + "]";
            case 'S' -> "[^" + SPACE_ITEMS + "]";
            default -> null;
        };
    }

    private static @Nullable String inClassItems(char escaped) {
        return switch (escaped) {
            case 'd' -> "\\p{Nd}";
            case 'D' -> "\\P{Nd}";
            case 'w' -> WORD_ITEMS;
            case 's' -> SPACE_ITEMS;
            default -> null;
        };
    }
}
