package dev.concord.guild.roles;

import dev.concord.platform.web.RouteBody;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class RoleRoutes {

    @Bean
    RouterFunction<ServerResponse> roleRouter(RoleHandler handler) {
        return RouterFunctions.route()
                .GET("/guilds/{guild_id}/roles", handler::list)
                .POST("/guilds/{guild_id}/roles", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RoleRequest.class))
                .PATCH("/guilds/{guild_id}/roles", handler::reorder)
                .withAttribute(
                        RouteBody.ATTRIBUTE, RouteBody.json(new ParameterizedTypeReference<List<RolePosition>>() {}))
                .GET("/guilds/{guild_id}/roles/{role_id}", handler::get)
                .PATCH("/guilds/{guild_id}/roles/{role_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RoleRequest.class))
                .DELETE("/guilds/{guild_id}/roles/{role_id}", handler::delete)
                .build();
    }
}
