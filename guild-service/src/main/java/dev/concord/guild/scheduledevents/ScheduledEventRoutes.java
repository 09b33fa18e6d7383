package dev.concord.guild.scheduledevents;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class ScheduledEventRoutes {

    private static final String EVENTS = "/guilds/{guild_id}/scheduled-events";
    private static final String EVENT = EVENTS + "/{guild_scheduled_event_id}";

    @Bean
    RouterFunction<ServerResponse> scheduledEventRouter(ScheduledEventHandler handler) {
        return RouterFunctions.route()
                .GET(EVENTS, handler::list)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_user_count"))
                .POST(EVENTS, handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ScheduledEventCreateRequest.class))
                .GET(EVENT, handler::get)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_user_count"))
                .PATCH(EVENT, handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ScheduledEventModifyRequest.class))
                .DELETE(EVENT, handler::delete)
                .GET(EVENT + "/users", handler::users)
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of()
                                .integer("limit")
                                .flag("with_member")
                                .snowflake("before")
                                .snowflake("after"))
                .GET(EVENT + "/users/counts", handler::userCounts)
                .PUT(EVENT + "/users/@me", handler::addMe)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .DELETE(EVENT + "/users/@me", handler::removeMe)
                .build();
    }
}
