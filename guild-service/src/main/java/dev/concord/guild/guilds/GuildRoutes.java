package dev.concord.guild.guilds;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class GuildRoutes {

    @Bean
    RouterFunction<ServerResponse> guildRouter(GuildHandler handler) {
        return RouterFunctions.route()
                .POST("/guilds", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GuildCreateRequest.class))
                .GET("/guilds/{guild_id}", handler::get)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_counts"))
                .PATCH("/guilds/{guild_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GuildModifyRequest.class))
                .DELETE("/guilds/{guild_id}", handler::delete)
                .GET("/internal/users/{user_id}/manageable-guilds", handler::manageable)
                .GET("/users/@me/guilds", handler::listMine)
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of()
                                .snowflake("before")
                                .snowflake("after")
                                .integer("limit")
                                .flag("with_counts"))
                .DELETE("/users/@me/guilds/{guild_id}", handler::leave)
                .build();
    }
}
