package dev.concord.social.family;

import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class FamilyCenterRoutes {

    /** {@code GET /family-center/@me}: links, the teen's week and the other parties. */
    @Bean
    RouterFunction<ServerResponse> familyCenterRouter(FamilyCenterHandler handler) {
        return RouterFunctions.route()
                .GET("/family-center/@me", handler::overview)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().snowflake("teen_id"))
                .build();
    }
}
