package dev.concord.guild.roles;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
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
                .PATCH("/guilds/{guild_id}/roles", handler::reorder)
                .GET("/guilds/{guild_id}/roles/{role_id}", handler::get)
                .PATCH("/guilds/{guild_id}/roles/{role_id}", handler::modify)
                .DELETE("/guilds/{guild_id}/roles/{role_id}", handler::delete)
                .build();
    }
}
