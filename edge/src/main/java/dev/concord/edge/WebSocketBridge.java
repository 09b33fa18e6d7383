package dev.concord.edge;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.WebsocketServerSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * Joins a client's WebSocket to the same path on its service, frame for frame. Close codes carry the
 * gateway's meaning (4004 authentication failed, 4009 session timed out, ...), so each side's close
 * status is handed on as it came; a side that vanishes without a close frame is mirrored by dropping the
 * other connection, which a client reads as 1006 and answers by resuming, as it should.
 */
final class WebSocketBridge {

    private static final Logger log = LoggerFactory.getLogger(WebSocketBridge.class);
    /** A gateway READY for a large account is one frame well over the 64 KiB default. */
    private static final int MAX_FRAME = 16 * 1024 * 1024;

    private static final WebsocketServerSpec SERVER =
            WebsocketServerSpec.builder().maxFramePayloadLength(MAX_FRAME).build();
    private static final WebsocketClientSpec CLIENT =
            WebsocketClientSpec.builder().maxFramePayloadLength(MAX_FRAME).build();

    private final HttpClient client;

    WebSocketBridge(HttpClient client) {
        this.client = client;
    }

    static boolean isUpgrade(HttpServerRequest request) {
        return request.requestHeaders().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true);
    }

    /**
     * {@code target} is the service's base URL ({@code http://...}) followed by the path and query. The
     * service's side is opened first and the client is upgraded only once the service has accepted: a
     * service refusing the upgrade (429 with {@code Retry-After} when a client holds too many sockets) is
     * answered to the client as that HTTP status, not as an upgraded socket that closes at once.
     */
    Publisher<Void> bridge(HttpServerRequest request, HttpServerResponse response, String service, String target) {
        String upstream = "ws" + target.substring("http".length());
        return client.headers(headers -> ProxyHeaders.forWebSocketRequest(request, headers))
                .websocket(CLIENT)
                .uri(upstream)
                .handle((serviceIn, serviceOut) -> {
                    // The client's upgrade completes long before its socket ends; the service's side must
                    // stay open until the relay between the two is over.
                    Sinks.Empty<Void> relayed = Sinks.empty();
                    return response.sendWebsocket(
                                    (clientIn, clientOut) -> relay(clientIn, clientOut, serviceIn, serviceOut)
                                            .doFinally(signal -> relayed.tryEmitEmpty()),
                                    SERVER)
                            .then(relayed.asMono());
                })
                .then()
                .onErrorResume(
                        failure -> response.hasSentHeaders() ? Mono.empty() : refuse(response, service, failure));
    }

    private static Mono<Void> refuse(HttpServerResponse response, String service, Throwable failure) {
        if (failure instanceof WebSocketClientHandshakeException refused && refused.response() != null) {
            return Mono.from(PlatformErrors.refusedUpgrade(response, refused.response()));
        }
        log.warn("{} WebSocket unreachable: {}", service, failure.toString());
        return Mono.from(PlatformErrors.badGateway(response));
    }

    private static Mono<Void> relay(
            WebsocketInbound clientIn,
            WebsocketOutbound clientOut,
            WebsocketInbound serviceIn,
            WebsocketOutbound serviceOut) {
        // Apart from the frame relays: Reactor Netty cancels a connection's handler as soon as that
        // connection closes, which would cut off a close status still to be handed on.
        handOnClose(clientIn, serviceOut);
        handOnClose(serviceIn, clientOut);
        return Mono.when(
                serviceOut.sendObject(clientIn.receiveFrames().map(WebSocketFrame::retain)),
                clientOut.sendObject(serviceIn.receiveFrames().map(WebSocketFrame::retain)));
    }

    /** When {@code from} closes: its close status to {@code to}, or drop {@code to} if it had none to send. */
    private static void handOnClose(WebsocketInbound from, WebsocketOutbound to) {
        from.receiveCloseStatus()
                .filter(WebSocketBridge::canBeSent)
                .flatMap(status -> to.sendClose(status.code(), status.reasonText()))
                .switchIfEmpty(Mono.fromRunnable(() -> to.withConnection(Connection::dispose)))
                .subscribe(null, failure -> to.withConnection(Connection::dispose));
    }

    /** 1005, 1006 and 1015 only ever describe a close; RFC 6455 §7.4.1 forbids them in a close frame. */
    private static boolean canBeSent(WebSocketCloseStatus status) {
        int code = status.code();
        return code >= 1000 && code != 1005 && code != 1006 && code != 1015;
    }
}
