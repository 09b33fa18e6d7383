package dev.concord.gateway.socket;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.timeout.WriteTimeoutHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.reactor.netty.NettyRouteProvider;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.http.server.HttpServerRequest;

/**
 * Serves the socket at {@code /}, as clients dial it ({@code /?v=10&encoding=json}), as a route of Reactor
 * Netty's server ahead of WebFlux: the route only claims WebSocket upgrades, so a plain request to
 * {@code /} falls through to the functional routes, which answer in the platform's error shape rather
 * than with a handshake failure.
 */
@Configuration(proxyBeanMethods = false)
class SocketConfiguration {

    /**
     * A peer that stops reading leaves writes pending forever: any HTTP response write that cannot be
     * flushed within this time closes the connection outright. A socket drops this handler, whose timer per
     * write costs more than the write itself at fan-out rates, for its outbound's own stall timer.
     */
    private static final Duration STALLED_WRITE_TIMEOUT = SocketOutbound.STALLED;

    /** The write timeout's handler, which the socket's own outbound replaces once upgraded. */
    static final String WRITE_TIMEOUT = "concord.writeTimeout";

    @Bean
    NettyRouteProvider gatewaySocketRoute(GatewaySocketHandler handler) {
        return routes -> routes.route(SocketConfiguration::isSocketUpgrade, handler::upgrade);
    }

    @Bean
    NettyServerCustomizer stalledPeerTimeout() {
        return server -> server.doOnChannelInit((observer, channel, address) -> channel.pipeline()
                .addFirst(WRITE_TIMEOUT, new WriteTimeoutHandler(STALLED_WRITE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)));
    }

    /** GET {@code /} (whatever the query) asking for a WebSocket. */
    static boolean isSocketUpgrade(HttpServerRequest request) {
        String path = request.fullPath();
        return request.method() == HttpMethod.GET
                && (path.isEmpty() || path.equals("/"))
                && request.requestHeaders().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true);
    }
}
