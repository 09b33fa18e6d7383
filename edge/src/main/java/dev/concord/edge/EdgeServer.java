package dev.concord.edge;

import dev.concord.edge.routing.RouteTable;
import dev.concord.platform.netty.MalformedRequests;
import io.netty.channel.ChannelOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.server.PathContainer;
import org.springframework.stereotype.Component;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.resources.ConnectionProvider;

/**
 * The edge's server: Reactor Netty straight through, no web framework per request. Every request is
 * resolved against the route table once and forwarded to its owner, WebSockets included; a path no
 * service owns gets the platform's 404 from the edge itself. The local stack runs all of this on the
 * same two cores as the services it fronts, so every microsecond spent here is one a service lacks.
 */
@Component
final class EdgeServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(EdgeServer.class);
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);

    private final EdgeProperties properties;
    private final RouteTable table;
    private final Map<String, String> baseUrls = new HashMap<>();
    private @Nullable ConnectionProvider connections;
    private volatile @Nullable DisposableServer server;

    EdgeServer(EdgeProperties properties) {
        this.properties = properties;
        this.table = RouteTable.load();
        EdgeProperties.Services services =
                Objects.requireNonNull(properties.services(), "concord.edge.services is not set");
        for (String service : table.services()) {
            String base = services.uriOf(service).toString();
            baseUrls.put(service, base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        }
    }

    @Override
    public void start() {
        ConnectionProvider pool = ConnectionProvider.builder("edge")
                // Bounded: an unbounded pool under load opens sockets until the ports run out.
                .maxConnections(1024)
                .pendingAcquireTimeout(Duration.ofSeconds(10))
                // Below the services' own idle timeouts, so a pooled connection is never reused just as
                // the other side closes it.
                .maxIdleTime(Duration.ofSeconds(30))
                .evictInBackground(Duration.ofSeconds(15))
                .build();
        connections = pool;
        HttpClient client = HttpClient.create(pool)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        properties.connectTimeout().toMillis())
                .responseTimeout(properties.responseTimeout());
        HttpForwarder http = new HttpForwarder(client);
        // A bridged socket holds its connection to the service for its whole life and is never reused, so
        // sockets get connections of their own: from the pool they would count against its bound, and
        // 1,024 open sockets (one benchmark's desktops) would starve every HTTP request behind them.
        WebSocketBridge webSockets =
                new WebSocketBridge(HttpClient.newConnection().option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        properties.connectTimeout().toMillis()));
        // Requests Netty's decoder refuses (414, 431, 400) get the platform's error body, as a service's do.
        DisposableServer bound = MalformedRequests.answeredIn(HttpServer.create())
                .host(properties.host())
                .port(properties.port())
                .handle((request, response) -> route(request, response, http, webSockets))
                .bindNow();
        server = bound;
        keepAlive(bound);
        log.info("Edge listening on port {} for {}", bound.port(), baseUrls.keySet());
    }

    /**
     * Netty's threads are daemons and nothing else runs once start-up returns, so without one thread
     * that waits for the server to close, the JVM would exit the moment the edge is ready.
     */
    private static void keepAlive(DisposableServer server) {
        Thread thread = new Thread(() -> server.onDispose().block(), "edge-keep-alive");
        thread.setDaemon(false);
        thread.start();
    }

    private Publisher<Void> route(
            HttpServerRequest request, HttpServerResponse response, HttpForwarder http, WebSocketBridge webSockets) {
        String uri = request.uri();
        int query = uri.indexOf('?');
        String path = query < 0 ? uri : uri.substring(0, query);
        RouteTable.Match match = path.startsWith("/") ? table.resolve(PathContainer.parsePath(path)) : null;
        if (match == null) {
            return PlatformErrors.notFound(response);
        }
        String target =
                baseUrls.get(match.service()) + match.forwardPath().value() + (query < 0 ? "" : uri.substring(query));
        return WebSocketBridge.isUpgrade(request)
                ? webSockets.bridge(request, response, match.service(), target)
                : http.forward(request, response, match.service(), target);
    }

    /** The port bound, which differs from the configured one when that is 0. */
    int port() {
        return Objects.requireNonNull(server, "not started").port();
    }

    @Override
    public void stop() {
        DisposableServer running = server;
        server = null;
        if (running != null) {
            try {
                running.disposeNow(SHUTDOWN_GRACE);
            } catch (IllegalStateException stillBusy) {
                log.warn("Connections still open after {} s; closing them", SHUTDOWN_GRACE.toSeconds());
            }
        }
        if (connections != null) {
            connections.disposeLater().block(SHUTDOWN_GRACE);
        }
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }
}
