package dev.concord.remoteauth.qr;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

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
                .POST("/users/@me/remote-auth/finish", remoteAuth::finish)
                .POST("/users/@me/remote-auth/cancel", remoteAuth::cancel)
                .POST("/users/@me/remote-auth/login", remoteAuth::login)
                .build();
    }
}
