package dev.concord.platform.automod;

/**
 * How the engine reads text, the same for keywords and for messages.
 *
 * <ul>
 *   <li>Case: each code point folded to {@code toLowerCase(toUpperCase(cp))}, Unicode's simple case
 *       folding in practice (so {@code ß} stays one letter, {@code Σ}, {@code σ} and {@code ς} are one);
 *       a fold that would change the code point's UTF-16 length is not applied.
 *   <li>Words: letters, digits and combining marks; every other character (whitespace, punctuation,
 *       symbols, emoji) separates words.
 *   <li>Ignorable: format characters (zero-width space and joiners, soft hyphen, direction marks) are
 *       skipped, so they cannot split a word to dodge a filter.
 *   <li>Whitespace: any run of it reads as one space, so a phrase matches across line breaks and
 *       repeated spaces.
 * </ul>
 */
final class Text {

    private static final int[] ASCII_FOLD = new int[128];
    private static final boolean[] ASCII_WORD = new boolean[128];

    static {
        for (int c = 0; c < 128; c++) {
            ASCII_FOLD[c] = Character.isWhitespace(c) ? ' ' : Character.toLowerCase(c);
            ASCII_WORD[c] = Character.isLetterOrDigit(c);
        }
    }

    private Text() {}

    /** The folded code point; whitespace folds to a space. */
    static int fold(int cp) {
        if (cp < 128) {
            return ASCII_FOLD[cp];
        }
        if (isSpace(cp)) {
            return ' ';
        }
        int folded = Character.toLowerCase(Character.toUpperCase(cp));
        return Character.charCount(folded) == Character.charCount(cp) ? folded : cp;
    }

    static boolean isWordChar(int cp) {
        if (cp < 128) {
            return ASCII_WORD[cp];
        }
        if (Character.isLetterOrDigit(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    static boolean isIgnorable(int cp) {
        return cp >= 128 && Character.getType(cp) == Character.FORMAT;
    }

    static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
    }

    /** Where the word containing the code point just before {@code end} ends: forward over word characters. */
    static int wordEnd(String text, int end) {
        int i = end;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            if (!isWordChar(cp) && !isIgnorable(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    /** Where the word containing the code point at {@code start} starts: backward over word characters. */
    static int wordStart(String text, int start) {
        int i = start;
        while (i > 0) {
            int cp = text.codePointBefore(i);
            if (!isWordChar(cp) && !isIgnorable(cp)) {
                break;
            }
            i -= Character.charCount(cp);
        }
        return i;
    }

    /** Whether the next character read from {@code index} on (ignorables skipped) is a word character. */
    static boolean wordCharAt(String text, int index) {
        int i = index;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            if (!isIgnorable(cp)) {
                return isWordChar(cp);
            }
            i += Character.charCount(cp);
        }
        return false;
    }

    /** Whether the character read just before {@code index} (ignorables skipped) is a word character. */
    static boolean wordCharBefore(String text, int index) {
        int i = index;
        while (i > 0) {
            int cp = text.codePointBefore(i);
            if (!isIgnorable(cp)) {
                return isWordChar(cp);
            }
            i -= Character.charCount(cp);
        }
        return false;
    }
}
