package dev.concord.webhook.messages;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class ThreadStartRoutes {

    @Bean
    RouterFunction<ServerResponse> threadStartRouter(ThreadStartHandler handler) {
        return RouterFunctions.route()
                .POST("/channels/{channel_id}/threads", handler::start)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ThreadStartRequest.class))
                .POST("/channels/{channel_id}/messages/{message_id}/threads", handler::fromMessage)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MessageThreadRequest.class))
                .build();
    }
}
