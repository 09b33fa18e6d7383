package dev.concord.guild.members;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class MemberRoutes {

    @Bean
    RouterFunction<ServerResponse> memberRouter(MemberHandler handler) {
        return RouterFunctions.route()
                .GET("/guilds/{guild_id}/members", handler::list)
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().integer("limit").snowflake("after"))
                .GET("/guilds/{guild_id}/members/{user_id}", handler::get)
                .GET("/users/@me/guilds/{guild_id}/member", handler::mine)
                .PATCH("/guilds/{guild_id}/members/{user_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MemberModifyRequest.class))
                .DELETE("/guilds/{guild_id}/members/{user_id}", handler::kick)
                .PUT("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", handler::addRole)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .DELETE("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", handler::removeRole)
                .build();
    }
}
