package dev.concord.remoteauth.qr;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class RemoteAuthRoutes {

    /** The phone's POST /users/@me/remote-auth, /finish and /cancel; the desktop's POST /users/@me/remote-auth/login (public). */
    @Bean
    RouterFunction<ServerResponse> remoteAuthRouter(RemoteAuthHandler remoteAuth) {
        return route().POST("/users/@me/remote-auth", remoteAuth::claim)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RemoteAuthRequests.Create.class))
                .POST("/users/@me/remote-auth/finish", remoteAuth::finish)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RemoteAuthRequests.Finish.class))
                .POST("/users/@me/remote-auth/cancel", remoteAuth::cancel)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RemoteAuthRequests.Cancel.class))
                .POST("/users/@me/remote-auth/login", remoteAuth::login)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RemoteAuthRequests.Login.class))
                .build();
    }
}
