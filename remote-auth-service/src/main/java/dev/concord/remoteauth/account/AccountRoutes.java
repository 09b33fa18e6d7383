package dev.concord.remoteauth.account;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class AccountRoutes {

    /** POST /auth/register, POST /auth/login (both public) and POST /auth/logout. */
    @Bean
    RouterFunction<ServerResponse> accountRouter(AccountHandler accounts) {
        return route().POST("/auth/register", accounts::register)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RegisterRequest.class))
                .POST("/auth/login", accounts::login)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(LoginRequest.class))
                .POST("/auth/logout", accounts::logout)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }
}
