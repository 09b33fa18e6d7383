package dev.concord.social.family;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class LinkedUserRoutes {

    /** {@code GET}, {@code POST} and {@code PATCH /users/@me/linked-users}; {@code GET /family-center/@me/link-code}. */
    @Bean
    RouterFunction<ServerResponse> linkedUsersRouter(LinkedUserHandler handler) {
        return RouterFunctions.route()
                .GET("/users/@me/linked-users", handler::list)
                .POST("/users/@me/linked-users", handler::request)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(LinkedUserCreateRequest.class))
                .PATCH("/users/@me/linked-users", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(LinkedUserModifyRequest.class))
                .GET("/family-center/@me/link-code", handler::linkCode)
                .build();
    }
}
