package dev.concord.remoteauth.qr;

import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;

/**
 * Mounts the remote-auth gateway at {@code /remote-auth}, as desktops dial it ({@code /remote-auth/?v=2}).
 * Only WebSocket upgrades are claimed: a plain request there falls through to the functional routes
 * (the login pages) and their error shapes.
 */
@Configuration(proxyBeanMethods = false)
class DesktopGatewayConfiguration {

    /** Before the functional routes (order -1). */
    private static final int ORDER = -2;

    @Bean
    HandlerMapping desktopGatewayMapping(DesktopGatewayEndpoint endpoint) {
        SimpleUrlHandlerMapping mapping =
                new SimpleUrlHandlerMapping(Map.of("/remote-auth", endpoint, "/remote-auth/", endpoint), ORDER);
        mapping.setHandlerPredicate((handler, exchange) ->
                "websocket".equalsIgnoreCase(exchange.getRequest().getHeaders().getUpgrade()));
        return mapping;
    }
}
