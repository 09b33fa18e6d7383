package dev.concord.remoteauth.qr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.json.Json;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.http.client.HttpClient;
import tools.jackson.databind.JsonNode;

/** A desktop on the remote-auth gateway, as the platform's clients drive it, with what it received kept for asserts. */
public final class DesktopClient implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(10);
    /** What a socket that ended without a close frame reports. */
    private static final int NO_CLOSE_FRAME = 1006;

    private final TestDesktopKeys keys;
    private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
    private final Sinks.Many<String> outgoing = Sinks.many().unicast().onBackpressureBuffer();
    private final CompletableFuture<Integer> closeCode = new CompletableFuture<>();
    private final CompletableFuture<Throwable> failure = new CompletableFuture<>();
    private final Disposable connection;

    private DesktopClient(String url, String forwardedFor, TestDesktopKeys keys) {
        this.keys = keys;
        this.connection = HttpClient.create()
                .headers(headers -> {
                    if (forwardedFor != null) {
                        headers.set("X-Forwarded-For", forwardedFor);
                    }
                })
                .websocket()
                .uri(url)
                .handle((in, out) -> {
                    in.receiveCloseStatus().subscribe(status -> closeCode.complete(status.code()));
                    return Mono.when(
                            in.receive()
                                    .asString()
                                    .doOnNext(text -> received.add(Json.mapper().readTree(text)))
                                    .then(),
                            out.sendString(outgoing.asFlux()).then());
                })
                .doFinally(signal -> closeCode.complete(NO_CLOSE_FRAME))
                .subscribe(null, failure::complete);
    }

    /** Connects to {@code pathAndQuery} (e.g. {@code /remote-auth/?v=2}) from {@code forwardedFor} when given. */
    public static DesktopClient connect(int port, String pathAndQuery, String forwardedFor) {
        return new DesktopClient("ws://127.0.0.1:" + port + pathAndQuery, forwardedFor, TestDesktopKeys.generate());
    }

    public static DesktopClient connect(int port) {
        return connect(port, "/remote-auth/?v=2", null);
    }

    public TestDesktopKeys keys() {
        return keys;
    }

    /** The next payload; fails when none comes within ten seconds. */
    public JsonNode next() {
        try {
            JsonNode payload = received.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(payload).as("a payload from the remote-auth gateway").isNotNull();
            return payload;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public JsonNode expect(String op) {
        JsonNode payload = next();
        assertThat(payload.path("op").asString()).as(payload.toString()).isEqualTo(op);
        return payload;
    }

    public void send(String frame) {
        outgoing.tryEmitNext(frame);
    }

    public void sendInit(String encodedPublicKey) {
        send("{\"op\":\"init\",\"encoded_public_key\":\"" + encodedPublicKey + "\"}");
    }

    /** hello, init, nonce_proof answered under {@code proofField}: the fingerprint pending_remote_init shows. */
    public String handshake(String proofField) {
        expect("hello");
        sendInit(keys.encodedPublicKey());
        String proof =
                keys.proofFor(expect("nonce_proof").path("encrypted_nonce").asString());
        send("{\"op\":\"nonce_proof\",\"" + proofField + "\":\"" + proof + "\"}");
        return expect("pending_remote_init").path("fingerprint").asString();
    }

    public String handshake() {
        return handshake("nonce");
    }

    /** The close code the gateway sent (1006 when it sent none). */
    public int closeCode() {
        return closeCode.orTimeout(WAIT.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    /** Why the connection could not be made (a refused upgrade, for one). */
    public Throwable failure() {
        return failure.orTimeout(WAIT.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    /** Payloads received and not yet taken. */
    public int pending() {
        return received.size();
    }

    @Override
    public void close() {
        connection.dispose();
    }
}
