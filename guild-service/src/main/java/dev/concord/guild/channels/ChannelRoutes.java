package dev.concord.guild.channels;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class ChannelRoutes {

    @Bean
    RouterFunction<ServerResponse> channelRouter(ChannelHandler handler) {
        return RouterFunctions.route()
                .GET("/internal/channels/{channel_id}", handler::internalGet)
                .GET("/guilds/{guild_id}/channels", handler::list)
                .POST("/guilds/{guild_id}/channels", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ChannelCreateRequest.class))
                .GET("/channels/{channel_id}", handler::get)
                .PATCH("/channels/{channel_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ChannelModifyRequest.class))
                .DELETE("/channels/{channel_id}", handler::delete)
                .PUT("/channels/{channel_id}/permissions/{overwrite_id}", handler::putOverwrite)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(OverwriteRequest.class))
                .DELETE("/channels/{channel_id}/permissions/{overwrite_id}", handler::deleteOverwrite)
                .build();
    }
}
