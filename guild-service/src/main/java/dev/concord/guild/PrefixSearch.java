package dev.concord.guild;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A search box's text as a PostgreSQL prefix query: each word (letters and digits, any script) must begin
 * a word of the entry, so "chem cl" finds "Chemistry Club". Nothing else of the text reaches the query.
 * Directory and discovery searches use it.
 */
public final class PrefixSearch {

    private PrefixSearch() {}

    /** {@code word1:* & word2:*}; none when the text has no word. */
    public static @Nullable String tsquery(String text) {
        String query = Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(word -> !word.isEmpty())
                .map(word -> word + ":*")
                .collect(Collectors.joining(" & "));
        return query.isEmpty() ? null : query;
    }
}
