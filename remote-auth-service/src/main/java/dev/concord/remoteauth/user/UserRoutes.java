package dev.concord.remoteauth.user;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class UserRoutes {

    /** GET, PATCH /users/@me and GET /users/{user.id}; @me first, as it would also match the id pattern. */
    @Bean
    RouterFunction<ServerResponse> userRouter(UserHandler users) {
        return route().GET("/users/@me", users::me)
                .PATCH("/users/@me", users::modifyMe)
                .withAttribute(
                        RouteBody.ATTRIBUTE,
                        RouteBody.json(ModifyCurrentUserRequest.class).upTo(UserHandler.MAX_BODY_BYTES))
                .GET("/users/{user_id}", users::user)
                .build();
    }
}
