package dev.concord.gateway.socket;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.limits.ClientAddress;
import dev.concord.gateway.limits.LimitSettings;
import dev.concord.gateway.limits.TrustedProxies;
import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.ConnectParams;
import dev.concord.gateway.protocol.OutboundPayload;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.gateway.protocol.ZlibStream;
import dev.concord.gateway.session.Connections;
import dev.concord.gateway.session.GatewayConnection;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.HandshakeInfo;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.WebSocketSession;
import reactor.core.publisher.Mono;

/**
 * The socket side of a client connection: text frames in to the {@link GatewayConnection}, its
 * outbound queue out (zlib-compressed when asked), and the close frame last.
 */
@Component
final class GatewaySocketHandler implements WebSocketHandler {

    private static final Logger log = LoggerFactory.getLogger(GatewaySocketHandler.class);
    /** What a socket that ended without a close frame reports, as in the WebSocket spec. */
    private static final int ABNORMAL_CLOSURE = 1006;

    private final Connections connections;
    private final int queueCapacity;
    private final TrustedProxies trustedProxies;

    GatewaySocketHandler(Connections connections, GatewaySettings settings, LimitSettings limits) {
        this.connections = connections;
        this.queueCapacity = settings.outboundQueueSize();
        this.trustedProxies = limits.proxies();
    }

    @Override
    public Mono<Void> handle(WebSocketSession socket) {
        ConnectParams params;
        try {
            params = ConnectParams.parse(socket.getHandshakeInfo().getUri());
        } catch (ProtocolViolation violation) {
            return socket.close(status(violation.closeCode()));
        }
        SocketOutbound outbound = new SocketOutbound(queueCapacity);
        ZlibStream zlib = params.zlibStream() ? new ZlibStream() : null;
        AtomicInteger closeCode = new AtomicInteger(ABNORMAL_CLOSURE);
        socket.closeStatus().subscribe(status -> closeCode.compareAndSet(ABNORMAL_CLOSURE, status.getCode()));
        HandshakeInfo handshake = socket.getHandshakeInfo();
        String address = ClientAddress.of(
                handshake.getRemoteAddress(), handshake.getHeaders().getFirst("X-Forwarded-For"), trustedProxies);
        GatewayConnection connection = connections.open(outbound, params.version(), address);

        Mono<Void> receive = socket.receive()
                .doOnNext(message -> {
                    if (message.getType() == WebSocketMessage.Type.TEXT
                            || message.getType() == WebSocketMessage.Type.BINARY) {
                        connection.receive(message.getPayloadAsText());
                    }
                })
                .then()
                .onErrorResume(e -> quietly("receive", e))
                .doFinally(signal -> outbound.terminate());
        Mono<Void> send = socket.send(outbound.frames().map(payload -> message(socket, zlib, payload)))
                .then(outbound.closeRequest().flatMap(code -> socket.close(status(code))))
                .onErrorResume(e -> quietly("send", e));
        return Mono.when(receive, send).doFinally(signal -> {
            connections.closed(connection, closeCode.get());
            if (zlib != null) {
                zlib.close();
            }
        });
    }

    /**
     * A queued payload as a frame: a shared dispatch is written straight from its shared bytes (only its
     * sequence number is this socket's own); zlib-stream compresses each payload in this socket's context.
     */
    private static WebSocketMessage message(
            WebSocketSession socket, @Nullable ZlibStream zlib, OutboundPayload payload) {
        if (zlib != null) {
            return socket.binaryMessage(buffers -> buffers.wrap(zlib.compress(payload.bytes())));
        }
        if (payload instanceof OutboundPayload.Dispatch dispatch) {
            return new WebSocketMessage(
                    WebSocketMessage.Type.TEXT, dispatch.encoded().buffer(socket.bufferFactory(), dispatch.seq()));
        }
        return socket.textMessage(((OutboundPayload.Control) payload).json());
    }

    private static CloseStatus status(CloseCode code) {
        return new CloseStatus(code.code(), code.reason());
    }

    private static Mono<Void> quietly(String side, Throwable failure) {
        // Resets and aborted writes are how sockets end on mobile networks; nothing to act on.
        log.debug("gateway socket {} ended with {}", side, failure.toString());
        return Mono.empty();
    }
}
