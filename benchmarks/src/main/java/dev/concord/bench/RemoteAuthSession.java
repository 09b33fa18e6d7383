package dev.concord.bench;

import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One benchmark desktop's socket, from its connect to its close: it answers hello with its init and the
 * nonce with its proof, is ready at pending_remote_init, and is closed by the benchmark's release.
 */
/** One desktop socket, from its connect to its close. */
final class RemoteAuthSession {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(30);

    private final RemoteAuthDesktop desktop;
    private final Sinks.Empty<Void> release;
    private final AtomicBoolean released;
    private final CountDownLatch ended;
    private final AtomicBoolean settled = new AtomicBoolean();
    private final AtomicBoolean gone = new AtomicBoolean();
    private final Sinks.One<RemoteAuthSession> outcome = Sinks.one();
    private volatile @Nullable Disposable connection;
    volatile long start;
    volatile long readyAt;
    /** Why the session never got to pending_remote_init; null once it did. */
    volatile @Nullable String failure;
    /** How a ready socket closed before the release; null while it is open. */
    volatile @Nullable String dropped;

    RemoteAuthSession(
            RemoteAuthDesktop desktop, Sinks.Empty<Void> release, AtomicBoolean released, CountDownLatch ended) {
        this.desktop = desktop;
        this.release = release;
        this.released = released;
        this.ended = ended;
    }

    /** Connects now; completes when the session is ready or has failed, while its socket stays open. */
    Mono<RemoteAuthSession> open(HttpClient client, String url) {
        return Mono.defer(() -> {
            start = System.nanoTime();
            connection = client.websocket(WebsocketClientSpec.builder().build())
                    .uri(url)
                    .handle(this::talk)
                    .subscribe(
                            null, this::failed, () -> ended("closed before pending_remote_init without a close frame"));
            return outcome.asMono().timeout(HANDSHAKE_TIMEOUT, Mono.fromSupplier(this::timedOut));
        });
    }

    boolean isOpen() {
        return failure == null && dropped == null;
    }

    private Publisher<Void> talk(WebsocketInbound in, WebsocketOutbound out) {
        in.receiveCloseStatus().subscribe(this::closedWith);
        // Closed by the client once every session is ready; a socket already closed has nothing to send.
        release.asMono()
                .then(Mono.defer(() -> out.sendClose(WebSocketCloseStatus.NORMAL_CLOSURE.code(), "benchmark done")))
                .subscribe(null, e -> {});
        return out.sendString(in.aggregateFrames().receive().asString().concatMap(this::answer))
                .then();
    }

    private Mono<String> answer(String frame) {
        JsonNode event = JSON.readTree(frame);
        return switch (event.path("op").asString("")) {
            case "hello" -> Mono.just(desktop.init());
            case "nonce_proof" ->
                Mono.just(desktop.nonceProof(event.path("encrypted_nonce").asString()));
            case "pending_remote_init" -> {
                long now = System.nanoTime();
                if (desktop.fingerprint().equals(event.path("fingerprint").asString())) {
                    ready(now);
                } else {
                    settle("pending_remote_init with another key's fingerprint");
                }
                yield Mono.empty();
            }
            default -> Mono.empty();
        };
    }

    private void ready(long now) {
        if (settled.compareAndSet(false, true)) {
            readyAt = now;
            outcome.tryEmitValue(this);
        }
    }

    private void settle(String why) {
        if (settled.compareAndSet(false, true)) {
            failure = why;
            outcome.tryEmitValue(this);
        }
    }

    private void closedWith(WebSocketCloseStatus status) {
        String close = "close " + status.code() + " " + status.reasonText();
        settle(close);
        if (failure == null && !released.get()) {
            dropped = close;
        }
    }

    private void failed(Throwable error) {
        if (error instanceof WebSocketClientHandshakeException refused && refused.response() != null) {
            ended("upgrade refused with HTTP " + refused.response().status().code());
        } else {
            ended(error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }

    /** The socket is gone; {@code why} is what it means if the session was never ready. */
    private void ended(String why) {
        settle(why);
        if (failure == null && !released.get() && dropped == null) {
            dropped = why;
        }
        if (gone.compareAndSet(false, true)) {
            ended.countDown();
        }
    }

    private RemoteAuthSession timedOut() {
        settle("timeout: no pending_remote_init within " + HANDSHAKE_TIMEOUT.toSeconds() + " s");
        Disposable open = connection;
        if (open != null) {
            open.dispose();
        }
        if (gone.compareAndSet(false, true)) {
            ended.countDown();
        }
        return this;
    }
}
