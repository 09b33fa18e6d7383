package dev.concord.guild.stages;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class StageInstanceRoutes {

    @Bean
    RouterFunction<ServerResponse> stageInstanceRouter(StageInstanceHandler handler) {
        return RouterFunctions.route()
                .POST("/stage-instances", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(StageInstanceCreateRequest.class))
                .GET("/stage-instances/{channel_id}", handler::get)
                .PATCH("/stage-instances/{channel_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(StageInstanceModifyRequest.class))
                .DELETE("/stage-instances/{channel_id}", handler::delete)
                .build();
    }
}
