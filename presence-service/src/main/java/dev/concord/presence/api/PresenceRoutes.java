package dev.concord.presence.api;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class PresenceRoutes {

    /** Presences and headless sessions. */
    @Bean
    RouterFunction<ServerResponse> presenceRouter(PresencesHandler presences, HeadlessHandler headless) {
        return RouterFunctions.route()
                .GET("/presences", presences::list)
                .POST("/presences", presences::launcher)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PresenceRequests.Launcher.class))
                .POST("/users/@me/headless-sessions", headless::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PresenceRequests.Headless.class))
                .POST("/users/@me/headless-sessions/delete", headless::delete)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PresenceRequests.HeadlessDelete.class))
                .build();
    }
}
