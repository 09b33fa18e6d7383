package dev.concord.social.games;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class GameRelationshipRoutes {

    /**
     * {@code /users/@me/game-relationships}: list ({@code GET}), ask by username ({@code POST}), ask or
     * accept ({@code PUT /{user.id}}), accept in a game ({@code PUT /{user.id}/{application.id}}), remove
     * ({@code DELETE /{user.id}}, {@code DELETE /{user.id}/{application.id}}).
     */
    @Bean
    RouterFunction<ServerResponse> gameRelationshipRouter(GameRelationshipHandler handler) {
        return RouterFunctions.route()
                .GET("/users/@me/game-relationships", handler::list)
                .POST("/users/@me/game-relationships", handler::requestByUsername)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GameFriendRequest.class))
                .PUT("/users/@me/game-relationships/{user_id}", handler::requestOrAccept)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GameRelationshipPutRequest.class))
                .PUT("/users/@me/game-relationships/{user_id}/{application_id}", handler::acceptInApplication)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GameRelationshipPutRequest.class))
                .DELETE("/users/@me/game-relationships/{user_id}", handler::remove)
                .DELETE("/users/@me/game-relationships/{user_id}/{application_id}", handler::removeInApplication)
                .build();
    }
}
