package dev.concord.presence.gateway;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class GatewaySessionRoutes {

    private static final String SESSION = "/internal/gateway-instances/{instance}/sessions/{session}";

    /** The gateway's sessions: internal, answered only to the internal credential. */
    @Bean
    RouterFunction<ServerResponse> gatewaySessionRouter(GatewaySessionHandler handler) {
        return RouterFunctions.route()
                .PUT(SESSION, handler::open)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(SessionRequests.Open.class))
                .POST("/internal/gateway-instances/{instance}/presence-updates", handler::update)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(SessionRequests.Updates.class))
                .DELETE(SESSION, handler::close)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().snowflake("user_id"))
                .POST(SESSION + "/claim", handler::claim)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(SessionRequests.Claim.class))
                .PUT("/internal/gateway-instances/{instance}/lease", handler::lease)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(SessionRequests.Lease.class))
                .build();
    }
}
