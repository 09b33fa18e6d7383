package dev.concord.guild.gifs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A catalogue text by locale ({@code en-US} always there): asked for a locale, the exact tag, else its
 * language ({@code fr} for {@code fr-CA}), else a region of that language ({@code pt-BR} for {@code pt}),
 * else {@code en-US}.
 */
record Texts<T>(Map<String, T> byLocale) {

    static final String FALLBACK = "en-US";

    Texts {
        if (!byLocale.containsKey(FALLBACK)) {
            throw new IllegalStateException(
                    GifCatalogue.RESOURCE + ": a text has no " + FALLBACK + " version: " + byLocale);
        }
        byLocale = Map.copyOf(byLocale);
    }

    static <T> Texts<T> of(JsonNode node, Function<JsonNode, T> read) {
        Map<String, T> texts = new LinkedHashMap<>();
        node.properties().forEach(entry -> texts.put(entry.getKey(), read.apply(entry.getValue())));
        return new Texts<>(texts);
    }

    T in(GifLocale locale) {
        T found = inLanguageOf(locale);
        return found != null ? found : fallback();
    }

    /** The text in the locale or its language; null when the catalogue has none in that language. */
    @Nullable
    T inLanguageOf(GifLocale locale) {
        T exact = byLocale.get(locale.tag());
        if (exact != null) {
            return exact;
        }
        String language = locale.language();
        T bare = byLocale.get(language);
        if (bare != null) {
            return bare;
        }
        return byLocale.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith(language + "-"))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(null);
    }

    T fallback() {
        return Objects.requireNonNull(byLocale.get(FALLBACK));
    }
}
