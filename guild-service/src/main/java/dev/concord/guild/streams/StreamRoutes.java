package dev.concord.guild.streams;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class StreamRoutes {

    @Bean
    RouterFunction<ServerResponse> streamRouter(StreamHandler handler) {
        return RouterFunctions.route()
                .GET("/streams/{stream_key}/preview", handler::address)
                .POST("/streams/{stream_key}/preview", handler::upload)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(StreamPreviewRequest.class))
                .GET("/streams/{stream_key}/previews/{file}", handler::image)
                .POST("/streams/{stream_key}/notify", handler::notifyFriends)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }
}
