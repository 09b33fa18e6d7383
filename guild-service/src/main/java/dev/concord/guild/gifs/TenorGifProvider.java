package dev.concord.guild.gifs;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import org.springframework.web.util.UriBuilder;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A Tenor-v2 compatible service as the provider: {@code search}, {@code featured}, {@code categories},
 * {@code autocomplete} and {@code search_suggestions}, {@code trending_terms}, {@code posts} (to check a
 * chosen id) and {@code registershare}, each with the key and client key as Tenor takes them. Tenor's
 * rendition names are the platform's {@code media_format} values, so they map one to one
 * ({@link TenorResults}). Every call is bounded by {@code concord.gifs.tenor.timeout}; a failure, a
 * timeout or an unreadable answer is {@link GifProviderUnavailable}, logged without the request's address,
 * which carries the key.
 */
final class TenorGifProvider implements GifProvider {

    /** Tenor answers at most 50 per page; a limit is only a suggestion, so larger ones get 50. */
    static final int MAX_PAGE = 50;

    private static final Logger log = LoggerFactory.getLogger(TenorGifProvider.class);

    private final WebClient client;
    private final GifSettings.Tenor settings;

    TenorGifProvider(WebClient.Builder builder, GifSettings.Tenor settings) {
        this.client = builder.clone()
                .baseUrl(settings.baseUrl())
                .codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(4 * 1024 * 1024))
                .build();
        this.settings = settings;
    }

    @Override
    public Mono<List<GifItem>> search(String query, GifLocale locale, int limit) {
        return get("search", uri -> uri.queryParam("q", query)
                        .queryParam("limit", Math.min(limit, MAX_PAGE))
                        .queryParam("locale", locale.underscored())
                        .queryParam("media_filter", TenorResults.MEDIA_FILTER))
                .map(TenorResults::items);
    }

    @Override
    public Mono<List<GifItem>> trending(GifLocale locale, int limit) {
        return get("featured", uri -> uri.queryParam("limit", Math.min(limit, MAX_PAGE))
                        .queryParam("locale", locale.underscored())
                        .queryParam("media_filter", TenorResults.MEDIA_FILTER))
                .map(TenorResults::items);
    }

    @Override
    public Mono<List<GifCategoryData>> categories(GifLocale locale) {
        return get("categories", uri -> uri.queryParam("locale", locale.underscored())
                        .queryParam("type", "featured"))
                .map(TenorResults::categories);
    }

    /** Tenor's completions of the query first, then its related searches. */
    @Override
    public Mono<List<String>> suggestions(String query, GifLocale locale, int limit) {
        Function<UriBuilder, UriBuilder> params = uri -> uri.queryParam("q", query)
                .queryParam("limit", Math.min(limit, MAX_PAGE))
                .queryParam("locale", locale.underscored());
        return GifProviderUnavailable.both(get("autocomplete", params), get("search_suggestions", params))
                .map(both -> {
                    Set<String> terms = new LinkedHashSet<>(TenorResults.terms(both.getT1()));
                    terms.addAll(TenorResults.terms(both.getT2()));
                    return new ArrayList<>(terms).subList(0, Math.min(limit, terms.size()));
                });
    }

    @Override
    public Mono<List<String>> trendingTerms(GifLocale locale, int limit) {
        return get("trending_terms", uri -> uri.queryParam("limit", Math.min(limit, MAX_PAGE))
                        .queryParam("locale", locale.underscored()))
                .map(TenorResults::terms);
    }

    @Override
    public Mono<Optional<GifItem>> find(String id, GifLocale locale) {
        return get("posts", uri -> uri.queryParam("ids", id).queryParam("media_filter", TenorResults.MEDIA_FILTER))
                .map(body -> TenorResults.items(body).stream()
                        .filter(item -> item.id().equals(id))
                        .findFirst());
    }

    @Override
    public Mono<Void> registerShare(GifItem gif, String query, GifLocale locale) {
        return get("registershare", uri -> {
                    uri.queryParam("id", gif.id()).queryParam("locale", locale.underscored());
                    return query.isEmpty() ? uri : uri.queryParam("q", query);
                })
                .then();
    }

    private Mono<JsonNode> get(String endpoint, Function<UriBuilder, UriBuilder> params) {
        return client.get()
                .uri(uri -> params.apply(uri.path("/" + endpoint)
                                .queryParam("key", settings.key())
                                .queryParam("client_key", settings.clientKey()))
                        .build())
                .retrieve()
                .bodyToMono(JsonNode.class)
                .timeout(settings.timeout())
                .onErrorMap(failure -> {
                    // Never the exception's message: it names the URI, and the URI carries the key.
                    String why = failure instanceof WebClientResponseException answer
                            ? "HTTP " + answer.getStatusCode().value()
                            : failure.getClass().getSimpleName();
                    log.warn("GIF provider's {} failed: {}", endpoint, why);
                    return GifProviderUnavailable.error();
                });
    }
}
