package dev.concord.guild.invites;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class InviteRoutes {

    @Bean
    RouterFunction<ServerResponse> inviteRouter(InviteHandler handler) {
        return RouterFunctions.route()
                .GET("/channels/{channel_id}/invites", handler::listByChannel)
                .POST("/channels/{channel_id}/invites", handler::create)
                .GET("/guilds/{guild_id}/invites", handler::listByGuild)
                .GET("/invites/{code}", handler::get)
                .DELETE("/invites/{code}", handler::delete)
                .POST("/invites/{code}", handler::accept)
                .build();
    }
}
