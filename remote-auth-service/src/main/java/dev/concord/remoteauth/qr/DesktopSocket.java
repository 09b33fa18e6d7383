package dev.concord.remoteauth.qr;

import dev.concord.remoteauth.secret.Secrets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.WebSocketSession;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Serves one upgraded desktop socket: hello first, each frame through the {@link DesktopConnection} in
 * turn, the outbound queue out, the close frame last, and close 4003 when the lifespan runs out.
 */
@Component
class DesktopSocket {

    private static final Logger log = LoggerFactory.getLogger(DesktopSocket.class);

    private final Secrets secrets;
    private final DesktopSessions sessions;
    private final DesktopRelay relay;
    private final RemoteAuthSettings settings;
    private final Clock clock;

    DesktopSocket(
            Secrets secrets, DesktopSessions sessions, DesktopRelay relay, RemoteAuthSettings settings, Clock clock) {
        this.secrets = secrets;
        this.sessions = sessions;
        this.relay = relay;
        this.settings = settings;
        this.clock = clock;
    }

    Mono<Void> serve(WebSocketSession socket, String address, String userAgent, Instant deadline) {
        DesktopOutbound outbound = new DesktopOutbound();
        DesktopConnection connection =
                new DesktopConnection(secrets, outbound, sessions, relay, deadline, address, userAgent);
        outbound.offer(DesktopEvents.hello(
                settings.heartbeatInterval().toMillis(), settings.timeout().toMillis()));
        Disposable lifespan = Mono.delay(Duration.between(clock.instant(), deadline))
                .subscribe(elapsed -> outbound.close(RemoteAuthClose.TIMEOUT));

        // The text is read as each frame arrives: Netty frees the frame once it has been handed on.
        Mono<Void> receive = socket.receive()
                .map(WebSocketMessage::getPayloadAsText)
                .concatMap(frame -> Mono.defer(() -> connection.receive(frame)).onErrorResume(e -> failed(e, outbound)))
                .then()
                .onErrorResume(e -> quietly("receive", e))
                .doFinally(signal -> outbound.terminate());
        Mono<Void> send = socket.send(outbound.frames().map(socket::textMessage))
                .then(outbound.closeRequest().flatMap(code -> socket.close(code.status())))
                .onErrorResume(e -> quietly("send", e));
        return Mono.when(receive, send)
                .then(Mono.defer(connection::closed))
                .onErrorResume(e -> quietly("close", e))
                .doFinally(signal -> lifespan.dispose());
    }

    /** A fault of ours while handling a frame: logged (frames hold keys and proofs, so not the frame) and closed. */
    private static Mono<Void> failed(Throwable failure, DesktopOutbound outbound) {
        log.error("remote-auth frame handling failed", failure);
        outbound.close(RemoteAuthClose.INTERNAL_ERROR);
        return Mono.empty();
    }

    /** Resets and aborted writes are how sockets end on real networks; nothing to act on. */
    private static Mono<Void> quietly(String side, Throwable failure) {
        log.debug("remote-auth socket {} ended with {}", side, failure.toString());
        return Mono.empty();
    }
}
