package dev.concord.guild.threads;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class ThreadRoutes {

    @Bean
    RouterFunction<ServerResponse> threadRouter(ThreadHandler handler) {
        return RouterFunctions.route()
                .POST("/internal/channels/{channel_id}/threads", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ThreadCreateRequest.class))
                .POST("/internal/threads/{thread_id}/messages", handler::recordMessage)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ThreadMessage.class))
                .build();
    }
}
