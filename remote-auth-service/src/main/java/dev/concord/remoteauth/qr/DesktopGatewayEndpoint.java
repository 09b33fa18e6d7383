package dev.concord.remoteauth.qr;

import dev.concord.platform.web.ApiErrors;
import dev.concord.remoteauth.ratelimit.ClientAddress;
import dev.concord.remoteauth.secret.Secrets;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.socket.server.WebSocketService;
import org.springframework.web.reactive.socket.server.support.HandshakeWebSocketService;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebHandler;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.WebsocketServerSpec;

/**
 * The remote-auth gateway's door ({@code /remote-auth/?v=2}): only version 2 is served (any other is
 * upgraded and closed with 4000, as the platform does), and an address already holding its share of
 * open sockets is refused before the upgrade, with 429 and when to retry.
 */
@Component
class DesktopGatewayEndpoint implements WebHandler {

    private static final Logger log = LoggerFactory.getLogger(DesktopGatewayEndpoint.class);
    /** Above any command (an init is about 400 bytes); larger frames are refused by Netty unread. */
    private static final int MAX_FRAME = 8 * 1024;

    private static final int MAX_USER_AGENT = 256;

    private final WebSocketService upgrades = new HandshakeWebSocketService(new ReactorNettyRequestUpgradeStrategy(
            () -> WebsocketServerSpec.builder().maxFramePayloadLength(MAX_FRAME)));
    private final Secrets secrets;
    private final DesktopSocket sockets;
    private final DesktopAdmission admission;
    private final RemoteAuthSettings settings;
    private final Clock clock;

    DesktopGatewayEndpoint(
            Secrets secrets,
            DesktopSocket sockets,
            DesktopAdmission admission,
            RemoteAuthSettings settings,
            Clock clock) {
        this.secrets = secrets;
        this.sockets = sockets;
        this.admission = admission;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange) {
        ServerHttpRequest request = exchange.getRequest();
        if (!"2"
                .equals(UriComponentsBuilder.fromUri(request.getURI())
                        .build()
                        .getQueryParams()
                        .getFirst("v"))) {
            return upgrades.handleRequest(exchange, socket -> socket.close(RemoteAuthClose.INVALID_VERSION.status()));
        }
        String address = ClientAddress.of(request);
        String userAgent = userAgent(request);
        String id = secrets.id();
        Instant now = clock.instant();
        Instant deadline = now.plus(settings.timeout());
        return admission
                .admit(address, id, now, deadline)
                .flatMap(wait -> {
                    long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
                    exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
                    return Mono.<Void>error(ApiErrors.rateLimited(wait.toMillis() / 1000.0, false));
                })
                .switchIfEmpty(Mono.defer(() -> upgrade(exchange, address, userAgent, id, deadline)));
    }

    /** The slot is given back when the socket ends, or at once when the upgrade itself is refused (a malformed handshake). */
    private Mono<Void> upgrade(
            ServerWebExchange exchange, String address, String userAgent, String id, Instant deadline) {
        AtomicBoolean served = new AtomicBoolean();
        return upgrades.handleRequest(exchange, socket -> {
                    served.set(true);
                    return sockets.serve(socket, address, userAgent, deadline)
                            .doFinally(signal -> release(address, id));
                })
                .doOnError(failure -> {
                    if (!served.get()) {
                        release(address, id);
                    }
                });
    }

    private void release(String address, String id) {
        admission
                .release(address, id)
                .subscribe(null, e -> log.debug("releasing a desktop slot failed: {}", e.toString()));
    }

    private static String userAgent(ServerHttpRequest request) {
        String agent = request.getHeaders().getFirst(HttpHeaders.USER_AGENT);
        if (agent == null) {
            return "";
        }
        return agent.length() > MAX_USER_AGENT ? agent.substring(0, MAX_USER_AGENT) : agent;
    }
}
