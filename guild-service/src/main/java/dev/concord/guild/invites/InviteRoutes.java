package dev.concord.guild.invites;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
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
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(InviteCreateRequest.class))
                .GET("/guilds/{guild_id}/invites", handler::listByGuild)
                .GET("/invites/{code}", handler::get)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_counts"))
                .DELETE("/invites/{code}", handler::delete)
                .POST("/invites/{code}", handler::accept)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }
}
