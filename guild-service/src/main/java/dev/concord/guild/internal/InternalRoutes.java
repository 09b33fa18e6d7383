package dev.concord.guild.internal;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class InternalRoutes {

    @Bean
    RouterFunction<ServerResponse> internalRouter(InternalHandler handler) {
        return RouterFunctions.route()
                .POST("/internal/guilds/{guild_id}/permissions", handler::permissions)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PermissionsQuery.class))
                .GET("/internal/guilds/{guild_id}/members", handler::members)
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().snowflake("after").integer("limit"))
                .POST("/internal/guilds/{guild_id}/members/search", handler::searchMembers)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MemberQuery.class))
                .GET("/internal/guilds/{guild_id}/authorization-snapshot", handler::authorizationSnapshot)
                .POST("/internal/users/memberships", handler::memberships)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MembershipQuery.class))
                .GET("/internal/users/{user_id}/guilds", handler::guildsOf)
                .build();
    }
}
