package dev.concord.gateway.socket;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.limits.ClientAddress;
import dev.concord.gateway.limits.LimitSettings;
import dev.concord.gateway.limits.TrustedProxies;
import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.ConnectParams;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.gateway.protocol.ZlibStream;
import dev.concord.gateway.session.Connections;
import dev.concord.gateway.session.GatewayConnection;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.WebsocketServerSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * The socket side of a client connection: text frames in to the {@link GatewayConnection}, its
 * outbound queue out (zlib-compressed when asked), and the close frame last.
 *
 * <p>It runs on Reactor Netty's own WebSocket support rather than WebFlux's: a WebFlux socket keeps its
 * whole upgrade exchange (attributes, observation, the filter chain's subscribers, the handshake info)
 * for as long as the socket lives, which was most of an idle connection's heap. What the connection
 * needs from the upgrade request (the query, the client's address) is read before the upgrade and the
 * request's headers are let go once it is done.
 */
@Component
final class GatewaySocketHandler {

    private static final Logger log = LoggerFactory.getLogger(GatewaySocketHandler.class);
    /** What a socket that ended without a close frame reports, as in the WebSocket spec. */
    private static final int ABNORMAL_CLOSURE = 1006;
    /** The largest client frame, as WebFlux allowed it: Identify with its properties fits many times over. */
    private static final int MAX_FRAME_PAYLOAD = 64 * 1024;

    private static final String OUTBOUND = "concord.outbound";

    private static final WebsocketServerSpec SPEC = WebsocketServerSpec.builder()
            .maxFramePayloadLength(MAX_FRAME_PAYLOAD)
            .build();

    private final Connections connections;
    private final int queueCapacity;
    private final TrustedProxies trustedProxies;

    GatewaySocketHandler(Connections connections, GatewaySettings settings, LimitSettings limits) {
        this.connections = connections;
        this.queueCapacity = settings.outboundQueueSize();
        this.trustedProxies = limits.proxies();
    }

    /** Upgrades the request; only what the connection needs of it is kept past the handshake. */
    Publisher<Void> upgrade(HttpServerRequest request, HttpServerResponse response) {
        String uri = request.uri();
        String address = ClientAddress.of(
                request.remoteAddress(), request.requestHeaders().get("X-Forwarded-For"), trustedProxies);
        return response.sendWebsocket((in, out) -> handle(uri, address, in, out), SPEC);
    }

    private Mono<Void> handle(String uri, String address, WebsocketInbound in, WebsocketOutbound out) {
        // The upgrade request's headers would otherwise stay on the heap for the socket's whole life.
        in.headers().clear();
        ConnectParams params;
        try {
            params = ConnectParams.parse(URI.create(uri));
        } catch (ProtocolViolation violation) {
            return out.sendClose(
                    violation.closeCode().code(), violation.closeCode().reason());
        } catch (IllegalArgumentException malformed) {
            return out.sendClose(CloseCode.DECODE_ERROR.code(), CloseCode.DECODE_ERROR.reason());
        }
        ZlibStream zlib = params.zlibStream() ? new ZlibStream() : null;
        Channel channel = channelOf(in);
        // The socket's writes are bounded and timed by its outbound, which needs no timer per write.
        if (channel.pipeline().get(SocketConfiguration.WRITE_TIMEOUT) != null) {
            channel.pipeline().remove(SocketConfiguration.WRITE_TIMEOUT);
        }
        SocketOutbound outbound =
                new SocketOutbound(channel, queueCapacity, zlib, code -> out.sendClose(code.code(), code.reason())
                        .subscribe(null, e -> logEnded("close", e)));
        // Straight into the pipeline, ahead of Reactor Netty's bridge: it hears of writability changes.
        channel.pipeline().addBefore(NettyPipeline.ReactiveBridge, OUTBOUND, outbound);
        AtomicInteger closeCode = new AtomicInteger(ABNORMAL_CLOSURE);
        in.receiveCloseStatus()
                .subscribe(
                        status -> closeCode.compareAndSet(ABNORMAL_CLOSURE, status.code()),
                        e -> logEnded("close status", e));
        GatewayConnection connection = connections.open(outbound, params.version(), address);

        return in.aggregateFrames(MAX_FRAME_PAYLOAD)
                .receiveFrames()
                .doOnNext(frame -> {
                    if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame) {
                        connection.receive(frame.content().toString(StandardCharsets.UTF_8));
                    }
                })
                .then()
                .onErrorResume(e -> quietly("receive", e))
                .doFinally(signal -> {
                    outbound.terminate();
                    connections.closed(connection, closeCode.get());
                    if (zlib != null) {
                        zlib.close();
                    }
                });
    }

    private static Channel channelOf(WebsocketInbound in) {
        Channel[] channel = new Channel[1];
        in.withConnection(connection -> channel[0] = connection.channel());
        return channel[0];
    }

    private static Mono<Void> quietly(String side, Throwable failure) {
        logEnded(side, failure);
        return Mono.empty();
    }

    private static void logEnded(String side, Throwable failure) {
        // Resets and aborted writes are how sockets end on mobile networks; nothing to act on.
        log.debug("gateway socket {} ended with {}", side, failure.toString());
    }
}
