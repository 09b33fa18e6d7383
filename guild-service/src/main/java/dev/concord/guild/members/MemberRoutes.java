package dev.concord.guild.members;

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
                .GET("/guilds/{guild_id}/members/{user_id}", handler::get)
                .PATCH("/guilds/{guild_id}/members/{user_id}", handler::modify)
                .DELETE("/guilds/{guild_id}/members/{user_id}", handler::kick)
                .PUT("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", handler::addRole)
                .DELETE("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", handler::removeRole)
                .build();
    }
}
