package dev.concord.social.relationships;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
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
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_implicit"))
                .POST("/users/@me/relationships", handler::add)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RelationshipAddRequest.class))
                .DELETE("/users/@me/relationships", handler::declineIncoming)
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of().integer("relationship_type").flag("only_spam"))
                .PUT("/users/@me/relationships/{user_id}/ignore", handler::ignore)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .DELETE("/users/@me/relationships/{user_id}/ignore", handler::unignore)
                .PUT("/users/@me/relationships/{user_id}", handler::put)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RelationshipPutRequest.class))
                .PATCH("/users/@me/relationships/{user_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RelationshipModifyRequest.class))
                .DELETE("/users/@me/relationships/{user_id}", handler::remove)
                .build();
    }
}
