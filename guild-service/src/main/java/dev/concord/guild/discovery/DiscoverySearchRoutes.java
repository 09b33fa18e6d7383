package dev.concord.guild.discovery;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Finding guilds, for anyone signed in: the lists and the search of discoverable guilds (discovery's own
 * search and pages are in {@link DiscoveryRoutes}). The seed's limits: at most 48 ids, a limit of at most 48, an offset of at most 2,999, a query of 1-100.
 */
@Configuration(proxyBeanMethods = false)
class DiscoverySearchRoutes {

    static final int MAX_IDS = 48;
    static final int MAX_LIMIT = 48;
    static final int MAX_OFFSET = 2999;
    static final int MAX_QUERY = 100;
    /** Search answers fewer than lists unless told otherwise. */
    static final int SEARCH_LIMIT = 24;

    @Bean
    RouterFunction<ServerResponse> discoverySearchRouter(DiscoverableGuilds guilds) {
        return RouterFunctions.route()
                .GET("/discoverable-guilds", request -> {
                    Principals.userOrBot(request);
                    List<Snowflake> guildIds = ids(request, "guild_ids");
                    List<Snowflake> applicationIds = ids(request, "application_ids");
                    List<Integer> categoryIds = integers(request, "categories");
                    int limit = QueryParams.integer(request, "limit", 1, MAX_LIMIT, MAX_LIMIT);
                    int offset = QueryParams.integer(request, "offset", 0, Integer.MAX_VALUE, 0);
                    return guilds.list(guildIds, applicationIds, categoryIds, limit, offset)
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .GET("/discoverable-guilds/search", request -> {
                    Principals.userOrBot(request);
                    String query = request.queryParam("query").orElse(null);
                    new Violations()
                            .required("query", query)
                            .length("query", query, 1, MAX_QUERY)
                            .throwIfAny();
                    int limit = QueryParams.integer(request, "limit", 1, MAX_LIMIT, SEARCH_LIMIT);
                    int offset = QueryParams.integer(request, "offset", 0, MAX_OFFSET, 0);
                    Integer category = request.queryParam("category_id").isPresent()
                            ? QueryParams.integer(request, "category_id", 0, Short.MAX_VALUE, 0)
                            : null;
                    return guilds.search(Objects.requireNonNull(query), category, limit, offset, locale(request))
                            .flatMap(found -> ServerResponse.ok().bodyValue(found));
                })
                .build();
    }

    static String locale(ServerRequest request) {
        return request.queryParam("locale").orElse(DiscoveryCategories.DEFAULT_LOCALE);
    }

    /** Repeated or comma-separated ids, at most 48; null when the parameter is not there. */
    private static @Nullable List<Snowflake> ids(ServerRequest request, String name) {
        List<String> values = values(request, name);
        if (values == null) {
            return null;
        }
        Violations v = new Violations().maxItems(name, values, MAX_IDS);
        List<Snowflake> ids = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            Snowflake id = Snowflake.parseOrNull(values.get(i));
            if (id == null) {
                v.at(name)
                        .add(
                                Integer.toString(i),
                                "NUMBER_TYPE_COERCE",
                                "Value \"" + values.get(i) + "\" is not snowflake.");
            } else {
                ids.add(id);
            }
        }
        v.throwIfAny();
        return ids;
    }

    private static @Nullable List<Integer> integers(ServerRequest request, String name) {
        List<String> values = values(request, name);
        if (values == null) {
            return null;
        }
        Violations v = new Violations();
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            if (value.matches("\\d{1,5}")) {
                numbers.add(Integer.parseInt(value));
            } else {
                v.at(name).add(Integer.toString(i), "NUMBER_TYPE_COERCE", "Value \"" + value + "\" is not int.");
            }
        }
        v.throwIfAny();
        return numbers;
    }

    private static @Nullable List<String> values(ServerRequest request, String name) {
        List<String> raw = request.queryParams().get(name);
        if (raw == null) {
            return null;
        }
        List<String> values = new ArrayList<>();
        raw.forEach(value -> {
            for (String part : value.split(",")) {
                if (!part.isBlank()) {
                    values.add(part.strip());
                }
            }
        });
        return values;
    }
}
