package dev.concord.guild.gifs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Search over the catalogue's words in the caller's language and in English (people search in English
 * whatever their locale): an item's title, tags and category name. Every word of the query must begin a
 * word of the item ("thu up" finds "thumbs up"); a whole-word match ranks above a prefix.
 */
final class CatalogueSearch {

    private static final Pattern WORDS = Pattern.compile("[^\\p{L}\\p{N}]+");

    private final GifCatalogue catalogue;

    CatalogueSearch(GifCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    /** The items matching {@code query}, best first, ties in catalogue order. */
    List<GifCatalogue.Item> items(String query, GifLocale locale) {
        List<String> asked = words(query);
        if (asked.isEmpty()) {
            return List.of();
        }
        record Scored(GifCatalogue.Item item, int score) {}
        List<Scored> found = new ArrayList<>();
        for (GifCatalogue.Item item : catalogue.items()) {
            Set<String> known = new LinkedHashSet<>();
            texts(item, locale).forEach(text -> known.addAll(words(text)));
            int score = 0;
            for (String word : asked) {
                int best = known.contains(word) ? 2 : known.stream().anyMatch(k -> k.startsWith(word)) ? 1 : 0;
                if (best == 0) {
                    score = 0;
                    break;
                }
                score += best;
            }
            if (score > 0) {
                found.add(new Scored(item, score));
            }
        }
        return found.stream()
                .sorted(Comparator.comparingInt(Scored::score).reversed())
                .map(Scored::item)
                .toList();
    }

    /**
     * Catalogue terms (category names, tags, titles) that begin with {@code query} or have a word that does,
     * those beginning with it first, shorter first; never the query itself.
     */
    List<String> terms(String query, GifLocale locale, int limit) {
        String asked = GifTerms.normalize(query);
        Set<String> terms = new LinkedHashSet<>();
        for (GifCatalogue.Item item : catalogue.items()) {
            texts(item, locale).forEach(text -> terms.add(GifTerms.normalize(text)));
        }
        return terms.stream()
                .filter(term -> !term.equals(asked) && matches(term, asked))
                .sorted(Comparator.comparing((String term) -> !term.startsWith(asked))
                        .thenComparingInt(String::length)
                        .thenComparing(Comparator.naturalOrder()))
                .limit(limit)
                .toList();
    }

    /** Whether {@code term} begins with {@code asked}, or one of its words does. */
    static boolean matches(String term, String asked) {
        return !asked.isEmpty() && (term.startsWith(asked) || term.contains(" " + asked));
    }

    private List<String> texts(GifCatalogue.Item item, GifLocale locale) {
        GifCatalogue.Category category = catalogue.category(item.category());
        List<String> texts = new ArrayList<>();
        texts.add(item.titles().in(locale));
        texts.add(item.titles().fallback());
        texts.add(category.names().in(locale));
        texts.add(category.names().fallback());
        List<String> localTags = item.tags().inLanguageOf(locale);
        if (localTags != null) {
            texts.addAll(localTags);
        }
        texts.addAll(item.tags().fallback());
        return texts;
    }

    private static List<String> words(String text) {
        return Arrays.stream(WORDS.split(text.toLowerCase(Locale.ROOT)))
                .filter(word -> !word.isEmpty())
                .toList();
    }
}
