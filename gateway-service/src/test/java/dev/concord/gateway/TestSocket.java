package dev.concord.gateway;

import dev.concord.platform.json.Json;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;
import reactor.netty.http.websocket.WebsocketOutbound;
import tools.jackson.databind.JsonNode;

/**
 * A gateway client on Reactor Netty's WebSocket client: payloads received are queued for the test, and
 * with {@code heartbeating} it heartbeats at the announced interval (and hides the ACKs), like a library.
 */
public final class TestSocket implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
    private final Sinks.Many<String> outgoing = Sinks.many().unicast().onBackpressureBuffer();
    private final CompletableFuture<WebSocketCloseStatus> closed = new CompletableFuture<>();
    private final CompletableFuture<WebsocketOutbound> outbound = new CompletableFuture<>();
    private final Inflater inflater = new Inflater();
    private final boolean heartbeating;
    private final Disposable connection;
    private volatile Disposable heartbeats;

    private TestSocket(String url, boolean heartbeating, @Nullable String forwardedFor) {
        this.heartbeating = heartbeating;
        this.connection = HttpClient.create()
                .headers(headers -> {
                    if (forwardedFor != null) {
                        headers.set("X-Forwarded-For", forwardedFor);
                    }
                })
                .websocket(WebsocketClientSpec.builder()
                        .maxFramePayloadLength(16 * 1024 * 1024)
                        .build())
                .uri(url)
                .handle((in, out) -> {
                    outbound.complete(out);
                    in.receiveCloseStatus()
                            .subscribe(
                                    closed::complete,
                                    closed::completeExceptionally,
                                    () -> closed.complete(WebSocketCloseStatus.ABNORMAL_CLOSURE));
                    Mono<Void> receive = in.aggregateFrames(16 * 1024 * 1024)
                            .receiveFrames()
                            .doOnNext(frame -> {
                                if (frame instanceof TextWebSocketFrame text) {
                                    accept(text.text());
                                } else if (frame instanceof BinaryWebSocketFrame binary) {
                                    byte[] bytes = new byte[binary.content().readableBytes()];
                                    binary.content().readBytes(bytes);
                                    accept(inflate(bytes));
                                }
                            })
                            .then();
                    return Mono.when(receive, out.sendString(outgoing.asFlux()).then());
                })
                .subscribe(
                        null,
                        closed::completeExceptionally,
                        () -> closed.complete(WebSocketCloseStatus.ABNORMAL_CLOSURE));
    }

    /** Connects to {@code ws://127.0.0.1:<port><path>} and heartbeats like a library. */
    public static TestSocket connect(int port, String path) {
        return new TestSocket("ws://127.0.0.1:" + port + path, true, null);
    }

    /** As {@link #connect}, through a proxy (this test, on loopback) that says the client is {@code forwardedFor}. */
    public static TestSocket connectFrom(int port, String path, String forwardedFor) {
        return new TestSocket("ws://127.0.0.1:" + port + path, true, forwardedFor);
    }

    /** Connects and never heartbeats. */
    public static TestSocket silent(int port, String path) {
        return new TestSocket("ws://127.0.0.1:" + port + path, false, null);
    }

    public void send(String payload) {
        outgoing.tryEmitNext(payload);
    }

    /** The next payload, failing after a while without one. */
    public JsonNode next() {
        try {
            String payload = received.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if (payload == null) {
                throw new AssertionError("no payload within " + WAIT);
            }
            return Json.mapper().readTree(payload);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Waits for the next payload of type {@code t}, skipping others. */
    public JsonNode nextDispatch(String type) {
        while (true) {
            JsonNode payload = next();
            if (payload.get("op").intValue() == 0
                    && type.equals(payload.get("t").stringValue())) {
                return payload;
            }
        }
    }

    /** Nothing arrives within {@code window}. */
    public boolean quietFor(Duration window) throws InterruptedException {
        return received.poll(window.toMillis(), TimeUnit.MILLISECONDS) == null;
    }

    /** The close code the server sent (or 1006 when the connection just dropped). */
    public int closeCode() {
        try {
            return closed.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).code();
        } catch (Exception e) {
            throw new AssertionError("not closed within " + WAIT, e);
        }
    }

    public String closeReason() {
        closeCode();
        return closed.join().reasonText();
    }

    /** Closes from the client side with {@code code}, as a library does before resuming. */
    public void closeWith(int code) {
        outbound.join().sendClose(code, "test").subscribe();
        closeCode();
    }

    @Override
    public void close() {
        if (heartbeats != null) {
            heartbeats.dispose();
        }
        connection.dispose();
        inflater.end();
    }

    private void accept(String payload) {
        JsonNode node = Json.mapper().readTree(payload);
        int op = node.get("op").intValue();
        if (heartbeating && op == 10) {
            long interval = node.get("d").get("heartbeat_interval").longValue();
            heartbeats = Flux.interval(Duration.ofMillis(interval)).subscribe(tick -> send("{\"op\":1,\"d\":null}"));
        }
        if (heartbeating && op == 11) {
            return;
        }
        received.add(payload);
    }

    private String inflate(byte[] frame) {
        inflater.setInput(frame);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            int n;
            while ((n = inflater.inflate(buffer)) > 0) {
                out.write(buffer, 0, n);
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
