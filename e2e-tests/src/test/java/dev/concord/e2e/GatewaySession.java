package dev.concord.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.WebSocketSession;
import org.springframework.web.reactive.socket.client.ReactorNettyWebSocketClient;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import tools.jackson.databind.JsonNode;

/**
 * A client's gateway connection: waits for Hello, identifies, heartbeats at the announced interval
 * with the last sequence number seen, and queues every dispatch after READY for the test to inspect.
 */
final class GatewaySession implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final String token;
    private final Map<String, Object> presence;
    private final BlockingQueue<JsonNode> dispatches = new LinkedBlockingQueue<>();
    private final CompletableFuture<JsonNode> ready = new CompletableFuture<>();
    private final CompletableFuture<CloseStatus> closed = new CompletableFuture<>();
    private final Sinks.Many<String> outbound = Sinks.many().unicast().onBackpressureBuffer();
    private final Disposable connection;
    private volatile WebSocketSession socket;
    private volatile Disposable heartbeats;
    private volatile JsonNode lastSeq = ApiClient.JSON.nullNode();

    private GatewaySession(String url, String token, Map<String, Object> presence) {
        this.token = token;
        this.presence = presence;
        this.connection = new ReactorNettyWebSocketClient()
                .execute(URI.create(url), this::handle)
                .doFinally(signal -> closed.complete(CloseStatus.NO_CLOSE_FRAME))
                .subscribe(done -> {}, ready::completeExceptionally);
    }

    /** Connects, identifies with {@code token} and returns once READY arrived. */
    static GatewaySession identify(String url, String token) throws Exception {
        return identify(url, token, Map.of());
    }

    /** As {@link #identify(String, String)}, with the Identify's {@code presence} (none when empty). */
    static GatewaySession identify(String url, String token, Map<String, Object> presence) throws Exception {
        GatewaySession session = new GatewaySession(url, token, presence);
        try {
            session.ready.get(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return session;
        } catch (Exception e) {
            session.close();
            throw e;
        }
    }

    JsonNode ready() {
        return ready.join();
    }

    /** The next dispatch of {@code type}, skipping others (presence and the like); null on timeout. */
    JsonNode next(String type, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (long left = timeout.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            JsonNode frame = dispatches.poll(left, TimeUnit.NANOSECONDS);
            if (frame != null && type.equals(frame.path("t").asString())) {
                return frame;
            }
        }
        return null;
    }

    /** The next dispatch, whatever its type; null on timeout. */
    JsonNode next(Duration timeout) throws InterruptedException {
        return dispatches.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** For failure messages: whether the connection is still open, or how it was closed. */
    String state() {
        return closed.isDone() ? "closed (" + closed.join() + ")" : "open";
    }

    private Mono<Void> handle(WebSocketSession session) {
        socket = session;
        session.closeStatus().subscribe(closed::complete);
        Mono<Void> receive = session.receive()
                .map(WebSocketMessage::getPayloadAsText)
                .doOnNext(this::onFrame)
                .doFinally(signal -> outbound.tryEmitComplete())
                .then();
        return Mono.when(receive, session.send(outbound.asFlux().map(session::textMessage)));
    }

    private void onFrame(String text) {
        JsonNode frame = ApiClient.JSON.readTree(text);
        switch (frame.path("op").asInt(-1)) {
            case 10 -> {
                long interval = frame.path("d").path("heartbeat_interval").asLong();
                heartbeats = Flux.interval(Duration.ofMillis(interval)).subscribe(tick -> heartbeat());
                Map<String, Object> identify = new LinkedHashMap<>();
                identify.put("token", token);
                identify.put("properties", Map.of("os", "linux", "browser", "concord-e2e", "device", "concord-e2e"));
                if (!presence.isEmpty()) {
                    identify.put("presence", presence);
                }
                send(2, identify);
            }
            case 0 -> {
                lastSeq = frame.path("s");
                if ("READY".equals(frame.path("t").asString())) {
                    ready.complete(frame);
                } else {
                    dispatches.add(frame);
                }
            }
            case 1 -> heartbeat();
            case 9 -> ready.completeExceptionally(new IllegalStateException("Invalid session: " + text));
            default -> {}
        }
    }

    private void heartbeat() {
        send(1, lastSeq);
    }

    /** Serialised: heartbeats come from a timer thread, everything else from the socket's (or the test's) thread. */
    synchronized void send(int op, Object data) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("op", op);
        payload.put("d", data);
        outbound.tryEmitNext(ApiClient.JSON.writeValueAsString(payload));
    }

    @Override
    public void close() {
        if (heartbeats != null) {
            heartbeats.dispose();
        }
        WebSocketSession session = socket;
        if (session != null && session.isOpen()) {
            session.close(CloseStatus.NORMAL).block(Duration.ofSeconds(5));
        }
        connection.dispose();
    }
}
