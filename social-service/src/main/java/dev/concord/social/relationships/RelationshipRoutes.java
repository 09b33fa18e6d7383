package dev.concord.social.relationships;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class RelationshipRoutes {

    /** The caller's friends, blocks, requests and ignored users: {@code /users/@me/relationships/**}. */
    @Bean
    RouterFunction<ServerResponse> relationshipRouter(RelationshipHandler handler) {
        return RouterFunctions.route()
                .GET("/users/@me/relationships", handler::list)
                .POST("/users/@me/relationships", handler::add)
                .DELETE("/users/@me/relationships", handler::declineIncoming)
                .PUT("/users/@me/relationships/{user_id}/ignore", handler::ignore)
                .DELETE("/users/@me/relationships/{user_id}/ignore", handler::unignore)
                .PUT("/users/@me/relationships/{user_id}", handler::put)
                .PATCH("/users/@me/relationships/{user_id}", handler::modify)
                .DELETE("/users/@me/relationships/{user_id}", handler::remove)
                .build();
    }
}
