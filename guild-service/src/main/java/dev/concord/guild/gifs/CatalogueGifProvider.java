package dev.concord.guild.gifs;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * The offline catalogue as a provider: everything answered from memory (forty-odd items, so searching
 * them in PostgreSQL would only add a round trip), the media at {@code concord.gifs.media-base-url}.
 * Catalogue items have no web page; an item's page is its full-size GIF, which renders wherever its
 * address is pasted.
 */
final class CatalogueGifProvider implements GifProvider {

    private final GifCatalogue catalogue;
    private final CatalogueSearch search;
    private final String mediaBaseUrl;

    CatalogueGifProvider(GifCatalogue catalogue, String mediaBaseUrl) {
        this.catalogue = catalogue;
        this.search = new CatalogueSearch(catalogue);
        this.mediaBaseUrl =
                mediaBaseUrl.endsWith("/") ? mediaBaseUrl.substring(0, mediaBaseUrl.length() - 1) : mediaBaseUrl;
    }

    @Override
    public Mono<List<GifItem>> search(String query, GifLocale locale, int limit) {
        return Mono.just(search.items(query, locale).stream()
                .limit(limit)
                .map(item -> toItem(item, locale))
                .toList());
    }

    @Override
    public Mono<List<GifItem>> trending(GifLocale locale, int limit) {
        return Mono.just(catalogue.interleaved().stream()
                .limit(limit)
                .map(item -> toItem(item, locale))
                .toList());
    }

    @Override
    public Mono<List<GifCategoryData>> categories(GifLocale locale) {
        return Mono.just(catalogue.categories().stream()
                .map(category ->
                        new GifCategoryData(category.names().in(locale), url(category.previewItem(), "tinygif")))
                .toList());
    }

    @Override
    public Mono<List<String>> suggestions(String query, GifLocale locale, int limit) {
        return Mono.just(search.terms(query, locale, limit));
    }

    @Override
    public Mono<List<String>> trendingTerms(GifLocale locale, int limit) {
        return Mono.just(catalogue.categories().stream()
                .map(category -> category.names().in(locale))
                .limit(limit)
                .toList());
    }

    @Override
    public Mono<Optional<GifItem>> find(String id, GifLocale locale) {
        return Mono.just(catalogue.item(id).map(item -> toItem(item, locale)));
    }

    /** Nothing to tell: choices are counted by {@link GifTerms} whichever the provider. */
    @Override
    public Mono<Void> registerShare(GifItem gif, String query, GifLocale locale) {
        return Mono.empty();
    }

    private GifItem toItem(GifCatalogue.Item item, GifLocale locale) {
        Map<GifMediaFormat, GifItem.Media> media = new EnumMap<>(GifMediaFormat.class);
        catalogue.renditions().values().forEach(rendition -> {
            GifMediaFormat format = GifMediaFormat.byName(rendition.name());
            if (format != null) {
                media.put(
                        format,
                        new GifItem.Media(url(item.id(), rendition.name()), rendition.width(), rendition.height()));
            }
        });
        String gif = url(item.id(), "gif");
        return new GifItem(item.id(), item.titles().in(locale), gif, url(item.id(), GifCatalogue.PREVIEW), media);
    }

    private String url(String itemId, String rendition) {
        return mediaBaseUrl + "/" + itemId + "/"
                + catalogue.rendition(rendition).file();
    }
}
