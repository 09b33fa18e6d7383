package dev.concord.guild.directories;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class DirectoryRoutes {

    private static final String ENTRIES = "/channels/{channel_id}/directory-entries";
    private static final String ENTRY = "/channels/{channel_id}/directory-entry/{entity_id}";

    @Bean
    RouterFunction<ServerResponse> directoryRouter(DirectoryHandler handler) {
        return RouterFunctions.route()
                .GET(ENTRIES + "/counts", handler::counts)
                .GET(ENTRIES + "/list", handler::partial)
                .GET(ENTRIES + "/search", handler::search)
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().integer("type").integer("category_id"))
                .GET(ENTRIES, handler::list)
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().integer("type").integer("category_id"))
                .GET(ENTRY, handler::get)
                .POST(ENTRY, handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(DirectoryEntryRequest.class))
                .PATCH(ENTRY, handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(DirectoryEntryRequest.class))
                .DELETE(ENTRY, handler::delete)
                .GET("/guilds/{guild_id}/directory-entries/broadcast", handler::broadcast)
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().integer("type").snowflake("entity_id"))
                .build();
    }
}
