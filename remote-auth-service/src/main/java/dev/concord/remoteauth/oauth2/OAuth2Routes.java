package dev.concord.remoteauth.oauth2;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class OAuth2Routes {

    /** The token and revocation endpoints are public paths: the client authenticates itself there. */
    @Bean
    RouterFunction<ServerResponse> oauth2Router(OAuth2Handler oauth2) {
        return route().GET("/oauth2/authorize", oauth2::consentScreen)
                .POST("/oauth2/authorize", oauth2::decide)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(OAuth2Handler.Decision.class))
                .POST("/oauth2/token", oauth2::token)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .POST("/oauth2/token/revoke", oauth2::revoke)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .GET("/oauth2/@me", oauth2::me)
                .build();
    }
}
