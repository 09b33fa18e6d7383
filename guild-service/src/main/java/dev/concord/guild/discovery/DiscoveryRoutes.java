package dev.concord.guild.discovery;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.util.Map;
import java.util.Objects;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The discovery endpoints: the catalogue and term check, discovery's search and a guild's page (after the
 * fixed paths, which {@code /discovery/{guild_id}} would otherwise take), and a guild's requirements,
 * settings and subcategories.
 */
@Configuration(proxyBeanMethods = false)
class DiscoveryRoutes {

    private static final String METADATA = "/guilds/{guild_id}/discovery-metadata";
    private static final String SUBCATEGORY = "/guilds/{guild_id}/discovery-categories/{category_id}";
    /** The longest term discovery searches for. */
    static final int MAX_TERM = 100;

    @Bean
    RouterFunction<ServerResponse> discoveryRouter(
            DiscoverySettings settings,
            DiscoverableGuilds guilds,
            DiscoveryRequirements requirements,
            EmojiGuilds emojiGuilds,
            DiscoveryCategories categories,
            DiscoveryTerms terms) {
        return RouterFunctions.route()
                .GET("/discovery/categories", request -> {
                    Principals.userOrBot(request);
                    String locale = request.queryParam("locale").orElse(DiscoveryCategories.DEFAULT_LOCALE);
                    boolean primaryOnly =
                            "true".equals(request.queryParam("primary_only").orElse("false"));
                    return ServerResponse.ok().bodyValue(categories.all(locale, primaryOnly));
                })
                .GET("/discovery/valid-term", request -> {
                    Principals.userOrBot(request);
                    String term = request.queryParam("term").orElse(null);
                    new Violations()
                            .required("term", term)
                            .length("term", term, 1, MAX_TERM)
                            .throwIfAny();
                    return ServerResponse.ok().bodyValue(Map.of("valid", terms.isValid(Objects.requireNonNull(term))));
                })
                .GET("/discovery/search", request -> {
                    Principals.userOrBot(request);
                    String query = request.queryParam("query").orElse(null);
                    new Violations()
                            .length("query", query, 0, DiscoverySearchRoutes.MAX_QUERY)
                            .throwIfAny();
                    int limit = QueryParams.integer(
                            request, "limit", 1, DiscoverySearchRoutes.MAX_LIMIT, DiscoverySearchRoutes.MAX_LIMIT);
                    int offset = QueryParams.integer(request, "offset", 0, DiscoverySearchRoutes.MAX_OFFSET, 0);
                    return guilds.landingPages(query, limit, offset, DiscoverySearchRoutes.locale(request))
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .GET("/discovery/{guild_id}", request -> {
                    Principals.userOrBot(request);
                    return guilds.page(PathIds.snowflake(request, "guild_id"))
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .GET("/emojis/{emoji_id}/guild", request -> emojiGuilds
                        .guildOf(PathIds.snowflake(request, "emoji_id"), me(request))
                        .flatMap(found -> ServerResponse.ok().bodyValue(found)))
                .GET("/emojis/{emoji_id}/source", request -> emojiGuilds
                        .sourceOf(PathIds.snowflake(request, "emoji_id"), me(request))
                        .flatMap(found -> ServerResponse.ok().bodyValue(found)))
                .GET("/guilds/{guild_id}/discovery-requirements", request -> requirements
                        .of(guild(request), me(request))
                        .flatMap(found -> ServerResponse.ok().bodyValue(found)))
                .GET(METADATA, request -> settings.get(guild(request), me(request))
                        .flatMap(metadata -> ServerResponse.ok().bodyValue(metadata)))
                .PATCH(METADATA, request -> JsonBodies.checked(request, DiscoveryMetadataRequest.class)
                        .flatMap(body -> settings.replace(guild(request), me(request), body))
                        .flatMap(metadata -> ServerResponse.ok().bodyValue(metadata)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(DiscoveryMetadataRequest.class))
                .PUT(SUBCATEGORY, request -> settings.addSubcategory(guild(request), me(request), category(request))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .DELETE(SUBCATEGORY, request -> settings.removeSubcategory(
                                guild(request), me(request), category(request))
                        .then(ServerResponse.noContent().build()))
                .build();
    }

    private static Snowflake guild(ServerRequest request) {
        return PathIds.snowflake(request, "guild_id");
    }

    private static Snowflake me(ServerRequest request) {
        return Principals.userOrBot(request).userId();
    }

    /** A category id in the path: an integer, else the platform's 404. */
    private static int category(ServerRequest request) {
        String value = request.pathVariable("category_id");
        if (!value.matches("\\d{1,5}")) {
            throw ApiErrors.unknown(Unknown.DISCOVERY_CATEGORY);
        }
        return Integer.parseInt(value);
    }
}
