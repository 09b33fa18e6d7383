package dev.concord.gateway.socket;

import io.netty.handler.timeout.WriteTimeoutHandler;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;

/**
 * Serves the socket at {@code /}, as clients dial it ({@code /?v=10&encoding=json}). The mapping only
 * claims WebSocket upgrades: a plain request to {@code /} falls through to the functional routes, which
 * answer in the platform's error shape rather than with a handshake failure. WebFlux's own
 * {@code WebSocketHandlerAdapter} performs the upgrade.
 */
@Configuration(proxyBeanMethods = false)
class SocketConfiguration {

    /** Before the functional routes (order -1). */
    private static final int ORDER = -2;

    /**
     * A peer that stops reading leaves writes (even the close frame) pending forever: any write that
     * cannot be flushed within this time closes the connection outright. A session on it stays resumable.
     */
    private static final Duration STALLED_WRITE_TIMEOUT = Duration.ofSeconds(30);

    @Bean
    HandlerMapping gatewaySocketMapping(GatewaySocketHandler handler) {
        SimpleUrlHandlerMapping mapping = new SimpleUrlHandlerMapping(Map.of("/", handler), ORDER);
        mapping.setHandlerPredicate((candidate, exchange) -> isWebSocketUpgrade(exchange.getRequest()));
        return mapping;
    }

    @Bean
    NettyServerCustomizer stalledPeerTimeout() {
        return server -> server.doOnChannelInit((observer, channel, address) -> channel.pipeline()
                .addFirst(
                        "concord.writeTimeout",
                        new WriteTimeoutHandler(STALLED_WRITE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)));
    }

    private static boolean isWebSocketUpgrade(ServerHttpRequest request) {
        return "websocket".equalsIgnoreCase(request.getHeaders().getUpgrade());
    }
}
