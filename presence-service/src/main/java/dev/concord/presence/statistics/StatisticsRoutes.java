package dev.concord.presence.statistics;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class StatisticsRoutes {

    /** Games played and their statistics. */
    @Bean
    RouterFunction<ServerResponse> statisticsRouter(StatisticsHandler handler) {
        return RouterFunctions.route()
                .POST("/activities", handler::report)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PlayReport.class))
                .GET("/activities", handler::recent)
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_users").flag("with_applications"))
                .GET("/activities/statistics/applications/{application_id}", handler::ofApplication)
                .GET("/users/@me/activities/statistics/applications", handler::mine)
                .build();
    }
}
