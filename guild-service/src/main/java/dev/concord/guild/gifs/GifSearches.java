package dev.concord.guild.gifs;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * What the GIF endpoints answer: the provider's GIFs in the asked format, and search terms ranked by use
 * here ({@link GifTerms}) topped up with the provider's own. A search is counted only when it found
 * something, so a typo never trends. Counting is statistics: a Redis hiccup while counting is logged and
 * the caller still gets their GIFs.
 */
@Service
final class GifSearches {

    /** {@code GET /integrations/gifsource/search} answers at most this many, as the platform's. */
    static final int SOURCE_RESULTS = 10;

    private static final Logger log = LoggerFactory.getLogger(GifSearches.class);

    private final GifProvider provider;
    private final GifTerms terms;

    GifSearches(GifProvider provider, GifTerms terms) {
        this.provider = provider;
        this.terms = terms;
    }

    Mono<List<GifSourceResult>> sourceSearch(Snowflake user, String query) {
        return search(user, query, GifLocale.DEFAULT, SOURCE_RESULTS)
                .map(found -> found.stream().map(GifSourceResult::of).toList());
    }

    Mono<List<GifData>> search(Snowflake user, String query, GifLocale locale, int limit, GifMediaFormat format) {
        return search(user, query, locale, limit)
                .map(found -> found.stream().map(item -> item.toData(format)).toList());
    }

    Mono<GifTrendingData> trending(GifLocale locale, GifMediaFormat format) {
        return GifProviderUnavailable.both(provider.categories(locale), provider.trending(locale, 1))
                .map(both -> new GifTrendingData(
                        both.getT1(),
                        both.getT2().stream()
                                .limit(1)
                                .map(item -> item.toData(format))
                                .toList()));
    }

    Mono<List<GifData>> trendingGifs(GifLocale locale, int limit, GifMediaFormat format) {
        return provider.trending(locale, limit).map(found -> found.stream()
                .limit(limit)
                .map(item -> item.toData(format))
                .toList());
    }

    /** The most used terms here; the provider's trending terms when too few were used (none yet, say). */
    Mono<List<String>> trendingTerms(GifLocale locale, int limit) {
        return counted(terms.trending(locale, limit))
                .flatMap(used -> topUp(used, limit, provider.trendingTerms(locale, limit)));
    }

    /** Used terms that begin with the query, then the provider's suggestions for it; never the query itself. */
    Mono<List<String>> suggestions(String query, GifLocale locale, int limit) {
        String asked = GifTerms.normalize(query);
        Mono<List<String>> providers = provider.suggestions(query, locale, limit)
                .map(found -> found.stream()
                        .filter(term -> !GifTerms.normalize(term).equals(asked))
                        .toList());
        return counted(terms.suggestions(query, locale, limit)).flatMap(used -> topUp(used, limit, providers));
    }

    /** Records {@code user}'s choice of GIF {@code id} after searching {@code query}; 400 naming {@code id} when the provider has no such GIF. */
    Mono<Void> select(Snowflake user, String id, String query) {
        return provider.find(id, GifLocale.DEFAULT).flatMap(found -> {
            if (found.isEmpty()) {
                return Mono.error(new Violations()
                        .add("id", "UNKNOWN_GIF", "Unknown GIF.")
                        .toException());
            }
            Mono<Void> share = provider.registerShare(found.get(), query, GifLocale.DEFAULT)
                    .onErrorResume(failure -> {
                        log.warn("GIF share not registered with the provider: {}", failure.toString());
                        return Mono.empty();
                    });
            return quietly(terms.selected(user, query)).then(share);
        });
    }

    private Mono<List<GifItem>> search(Snowflake user, String query, GifLocale locale, int limit) {
        // A provider answering more than asked (some ignore the limit) is cut to it.
        return provider.search(query, locale, limit)
                .map(found -> found.size() > limit ? found.subList(0, limit) : found)
                .flatMap(found -> found.isEmpty()
                        ? Mono.just(found)
                        : quietly(terms.searched(user, query, locale)).thenReturn(found));
    }

    /** Adds the provider's terms not already listed, up to {@code limit}; the used ones alone when it fails. */
    private static Mono<List<String>> topUp(List<String> used, int limit, Mono<List<String>> more) {
        if (used.size() >= limit) {
            return Mono.just(used);
        }
        return more.onErrorResume(failure -> Mono.just(List.of())).map(extra -> {
            Set<String> all = new LinkedHashSet<>(used);
            for (String term : extra) {
                if (all.size() >= limit) {
                    break;
                }
                all.add(term);
            }
            return List.copyOf(all);
        });
    }

    private static Mono<List<String>> counted(Mono<List<String>> ranking) {
        return ranking.onErrorResume(failure -> {
            log.warn("GIF term counts unreadable: {}", failure.toString());
            return Mono.just(List.of());
        });
    }

    private static Mono<Void> quietly(Mono<Void> counting) {
        return counting.onErrorResume(failure -> {
            log.warn("GIF term not counted: {}", failure.toString());
            return Mono.empty();
        });
    }
}
