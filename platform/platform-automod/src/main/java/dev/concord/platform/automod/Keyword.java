package dev.concord.platform.automod;

import org.jspecify.annotations.Nullable;

/**
 * A keyword_filter or allow_list entry, parsed: {@code cat*} a word starting with cat, {@code *cat} a word
 * ending with it, {@code *cat*} anywhere, {@code cat} the whole word (or phrase). A {@code *} inside the
 * keyword is an ordinary character.
 *
 * @param text the entry as configured (what a trigger reports as matched_keyword)
 * @param folded the characters to find: folded, whitespace collapsed, ignorables dropped, no wildcards
 * @param anyStart whether the match may start inside a word
 * @param anyEnd whether the match may end inside a word
 * @param firstIsWord whether the keyword's first character is a word character (only then can a word
 *     boundary before it be missing)
 * @param lastIsWord the same for its last character
 */
record Keyword(String text, String folded, boolean anyStart, boolean anyEnd, boolean firstIsWord, boolean lastIsWord) {

    /** The parsed keyword, or null when nothing but wildcards, whitespace and ignorables is left. */
    static @Nullable Keyword parse(String text) {
        String body = text.strip();
        boolean anyStart = false;
        boolean anyEnd = false;
        while (body.startsWith("*")) {
            anyStart = true;
            body = body.substring(1);
        }
        while (body.endsWith("*")) {
            anyEnd = true;
            body = body.substring(0, body.length() - 1);
        }
        StringBuilder folded = new StringBuilder(body.length());
        int first = -1;
        int last = -1;
        boolean space = false;
        for (int i = 0; i < body.length(); ) {
            int cp = body.codePointAt(i);
            i += Character.charCount(cp);
            if (Text.isIgnorable(cp)) {
                continue;
            }
            int f = Text.fold(cp);
            if (f == ' ') {
                space = true;
                continue;
            }
            if (space && folded.length() > 0) {
                folded.append(' ');
            }
            space = false;
            folded.appendCodePoint(f);
            if (first < 0) {
                first = cp;
            }
            last = cp;
        }
        if (folded.length() == 0) {
            return null;
        }
        return new Keyword(text, folded.toString(), anyStart, anyEnd, Text.isWordChar(first), Text.isWordChar(last));
    }
}
