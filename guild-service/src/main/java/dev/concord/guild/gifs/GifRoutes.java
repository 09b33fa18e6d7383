package dev.concord.guild.gifs;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import dev.concord.platform.web.Violations;
import java.util.Objects;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The GIF picker's endpoints, for people signed in (bots get 403 20001, as the platform's GIF search is a
 * client feature), and the catalogue's media, public as CDN files are. The seed's limits: the provider
 * search answers at most 10, GIF lists take a limit of 20-500, term lists 1-50.
 */
@Configuration(proxyBeanMethods = false)
class GifRoutes {

    /** The longest search text taken; the seed sets none, and a longer one is no search anybody types. */
    static final int MAX_QUERY = 200;

    static final int MIN_GIFS = 20;
    static final int MAX_GIFS = 500;
    static final int MAX_TERMS = 50;
    static final int TRENDING_TERMS = 5;
    static final int SUGGESTIONS = 20;

    @Bean
    RouterFunction<ServerResponse> gifRouter(GifSearches gifs, GifMediaRoute media) {
        RouteQuery gifList = RouteQuery.of().integer("limit");
        return RouterFunctions.route()
                .GET("/integrations/gifsource/search", request -> {
                    Snowflake user = me(request);
                    return gifs.sourceSearch(user, query(request))
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .GET("/gifs/trending-search", request -> {
                    me(request);
                    int limit = QueryParams.integer(request, "limit", 1, MAX_TERMS, TRENDING_TERMS);
                    return gifs.trendingTerms(locale(request), limit)
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .withAttribute(RouteQuery.ATTRIBUTE, gifList)
                .GET("/gifs/suggest", request -> {
                    me(request);
                    String query = query(request);
                    int limit = QueryParams.integer(request, "limit", 1, MAX_TERMS, SUGGESTIONS);
                    return gifs.suggestions(query, locale(request), limit)
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .withAttribute(RouteQuery.ATTRIBUTE, gifList)
                .GET("/gifs/search", request -> {
                    Snowflake user = me(request);
                    String query = query(request);
                    int limit = gifLimit(request);
                    return gifs.search(user, query, locale(request), limit, format(request))
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .withAttribute(RouteQuery.ATTRIBUTE, gifList)
                .GET("/gifs/trending", request -> {
                    me(request);
                    return gifs.trending(locale(request), format(request))
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .GET("/gifs/trending-gifs", request -> {
                    me(request);
                    int limit = gifLimit(request);
                    return gifs.trendingGifs(locale(request), limit, format(request))
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .withAttribute(RouteQuery.ATTRIBUTE, gifList)
                .POST("/gifs/select", request -> {
                    Snowflake user = me(request);
                    return JsonBodies.checked(request, GifSelectRequest.class)
                            .flatMap(body -> gifs.select(user, Objects.requireNonNull(body.id()), body.query()))
                            .then(ServerResponse.noContent().build());
                })
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GifSelectRequest.class))
                .GET(GifMediaRoute.PATH, media::serve)
                .build();
    }

    private static Snowflake me(ServerRequest request) {
        return Principals.user(request).userId();
    }

    /** {@code q}: required, 1-200 characters. */
    private static String query(ServerRequest request) {
        String query = request.queryParam("q").orElse(null);
        new Violations().required("q", query).length("q", query, 1, MAX_QUERY).throwIfAny();
        return Objects.requireNonNull(query);
    }

    /** A GIF list's {@code limit}: 20-500, 20 when absent (a limit is a suggestion; fewer may come). */
    private static int gifLimit(ServerRequest request) {
        return QueryParams.integer(request, "limit", MIN_GIFS, MAX_GIFS, MIN_GIFS);
    }

    private static GifLocale locale(ServerRequest request) {
        return GifLocale.parse(request.queryParam("locale").orElse(null));
    }

    private static GifMediaFormat format(ServerRequest request) {
        return GifMediaFormat.parse(request.queryParam("media_format").orElse(null));
    }
}
