package dev.concord.gateway.http;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/** Where clients learn the socket's address. */
@Configuration(proxyBeanMethods = false)
class GatewayRoutes {

    /** GET /gateway, GET /gateway/bot, and GET / without a WebSocket upgrade. */
    @Bean
    RouterFunction<ServerResponse> gatewayRouter(GatewayHandler handler) {
        return RouterFunctions.route()
                .route(GET("/gateway"), handler::gateway)
                .route(GET("/gateway/bot"), handler::gatewayBot)
                .route(GET("/"), handler::upgradeRequired)
                .build();
    }
}
