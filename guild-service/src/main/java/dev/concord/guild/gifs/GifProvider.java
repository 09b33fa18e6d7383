package dev.concord.guild.gifs;

import java.util.List;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * Where GIFs come from: the offline catalogue shipped with the service ({@link CatalogueGifProvider}, the
 * default) or a Tenor-v2 compatible service ({@link TenorGifProvider}), chosen by
 * {@code concord.gifs.provider}. The routes never see which. Locales arrive normalized
 * ({@link GifLocale}); a provider answers in the closest language it has. A provider that cannot answer
 * fails with {@link GifProviderUnavailable}, never hangs.
 */
interface GifProvider {

    /** GIFs matching {@code query}, best first, at most {@code limit} (fewer when it has fewer). */
    Mono<List<GifItem>> search(String query, GifLocale locale, int limit);

    /** GIFs trending now, at most {@code limit}. */
    Mono<List<GifItem>> trending(GifLocale locale, int limit);

    /** The categories the picker shows, each a search term and a GIF to show on its tile. */
    Mono<List<GifCategoryData>> categories(GifLocale locale);

    /** The provider's own terms completing or related to {@code query}, at most {@code limit}. */
    Mono<List<String>> suggestions(String query, GifLocale locale, int limit);

    /** The provider's own trending search terms, for when nobody here has searched yet. */
    Mono<List<String>> trendingTerms(GifLocale locale, int limit);

    /** The GIF with this id; empty when the provider has none. */
    Mono<Optional<GifItem>> find(String id, GifLocale locale);

    /** Tells the provider a GIF was shared after searching {@code query} (empty when chosen from a list). */
    Mono<Void> registerShare(GifItem gif, String query, GifLocale locale);
}
