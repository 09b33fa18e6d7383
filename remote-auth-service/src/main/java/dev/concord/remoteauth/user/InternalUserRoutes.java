package dev.concord.remoteauth.user;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The users other services' replicas miss (docs/internal-api.md). {@code /internal/**} takes only the
 * services' shared secret, and the edge never routes it.
 */
@Configuration(proxyBeanMethods = false)
class InternalUserRoutes {

    @Bean
    RouterFunction<ServerResponse> internalUserRouter(InternalUserHandler users) {
        return route().GET("/internal/users", users::users).build();
    }
}
