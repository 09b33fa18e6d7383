package dev.concord.presence.api;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class PresenceRoutes {

    private static final String ACTIVITY = "/users/{user_id}/sessions/{session_id}/activities/{application_id}";

    /** Presences and headless sessions. */
    @Bean
    RouterFunction<ServerResponse> presenceRouter(
            PresencesHandler presences, HeadlessHandler headless, ActivityLookupHandler activities) {
        return RouterFunctions.route()
                .GET("/presences", presences::list)
                .POST("/presences", presences::launcher)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PresenceRequests.Launcher.class))
                .POST("/users/@me/headless-sessions", headless::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PresenceRequests.Headless.class))
                .POST("/users/@me/headless-sessions/delete", headless::delete)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PresenceRequests.HeadlessDelete.class))
                .GET(ACTIVITY + "/metadata", activities::metadata)
                .GET(ACTIVITY + "/{activity_action_type}", activities::secret)
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of().snowflake("channel_id").snowflake("message_id"))
                .build();
    }
}
