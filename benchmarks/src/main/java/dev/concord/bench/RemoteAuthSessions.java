package dev.concord.bench;

import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Desktops starting a QR-code login all at once: {@code sessions} sockets to the remote-auth gateway
 * ({@code /remote-auth/?v=2}), each with a key pair of its own, through hello, init and the nonce proof to
 * {@code pending_remote_init}. Per session, the time from the start of its connect to its
 * pending_remote_init (the client's own OAEP decryption, about a millisecond, included, as a desktop's
 * would be); handshakes per second as the sessions that got there over the time from the first connect
 * to the last pending_remote_init. Every socket is held open until the last session is ready, so all of
 * them are open at once, then all are closed. At most {@code in flight} handshakes run at a time (a slot
 * frees when its session is ready or failed, not when its socket closes): opening all at the same
 * instant would measure the accept backlog, not the gateway.
 *
 * <p>The gateway lets one client address hold 10 sockets; the edge tells the service the TCP peer's
 * address, so the sockets come from 127.0.1.1, 127.0.1.2, ... (Linux routes all of 127/8 to loopback),
 * 10 from each; an 11th would be refused its upgrade with 429.
 *
 * <p>Generating 2048-bit RSA key pairs costs 50-150 ms each, so they are made before the timed rounds, on
 * every core, and kept in {@code key file} (throwaway keys for this benchmark; under {@code target/}, never
 * committed) for the next run. Failures (close codes, refused upgrades, timeouts) are counted, not thrown.
 *
 * <p>Usage: {@code RemoteAuthSessions <edge base url> [sessions] [in flight] [warm-up rounds] [key file]};
 * defaults 1000, 100, 1 and no file.
 */
public final class RemoteAuthSessions {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** As remote-auth-service encrypts: SHA-256 and MGF1 with SHA-256, as WebCrypto's RSA-OAEP does. */
    private static final OAEPParameterSpec OAEP =
            new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT);
    /** remote-auth-service's default {@code concord.remote-auth.sessions-per-address}. */
    private static final int PER_ADDRESS = 10;
    /** A session's lifespan (hello's timeout_ms): a round must be done well before the server's 4003. */
    private static final Duration LIFESPAN = Duration.ofSeconds(120);
    private static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    public static void main(String[] args) throws Exception {
        String url = args[0].replaceFirst("^http", "ws") + "/remote-auth/?v=2";
        int sessions = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int warmUps = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        Path keyFile = args.length > 4 ? Path.of(args[4]) : null;

        int addresses = (sessions + PER_ADDRESS - 1) / PER_ADDRESS;
        List<HttpClient> clients = new ArrayList<>();
        for (int i = 0; i < addresses; i++) {
            InetSocketAddress local = new InetSocketAddress("127.0." + (1 + i / 250) + "." + (1 + i % 250), 0);
            // A connection of its own per socket: the default pool would queue connects beyond its 16-odd per host.
            clients.add(HttpClient.create(ConnectionProvider.newConnection()).bindAddress(() -> local));
        }
        System.out.printf("remote-auth desktops: %d sessions from %d loopback addresses (%d each at most), "
                + "at most %d handshakes in flight, %s%n", sessions, addresses, PER_ADDRESS, inFlight, url);
        RemoteAuthDesktop[] desktops = RemoteAuthDesktop.load(sessions, keyFile);

        for (int round = 1; round <= warmUps; round++) {
            Round warmUp = round(url, desktops, clients, inFlight);
            System.out.printf("warm-up round %d: %d ready in %.2f s, p50 %.2f ms, p99 %.2f ms; failures: %s%n", round,
                    warmUp.ready.length, warmUp.allSettled / 1e9, millis(warmUp.ready, 0.50), millis(warmUp.ready, 0.99),
                    warmUp.failures());
            // The server frees an address's slot and deletes a session just after the close: let it, since the
            // next round reuses the same keys and addresses.
            Thread.sleep(2000);
        }
        Round measured = round(url, desktops, clients, inFlight);
        long[] ready = measured.ready;
        System.out.printf("remote-auth handshake (connect to pending_remote_init) over %d sessions: "
                + "p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", ready.length, millis(ready, 0.50), millis(ready, 0.99),
                ready.length == 0 ? Double.NaN : ready[ready.length - 1] / 1e6);
        System.out.printf("  %.0f handshakes/s (%d over %.2f s from the first connect to the last pending_remote_init)%n",
                ready.length / (measured.lastReady / 1e9), ready.length, measured.lastReady / 1e9);
        System.out.printf("  all %d settled after %.2f s; %d sockets open at once before closing; all closed %.2f s later%n",
                sessions, measured.allSettled / 1e9, measured.openAtOnce, measured.closing / 1e9);
        System.out.printf("  failures: %s%n", measured.failures());
        if (measured.allSettled + measured.closing > LIFESPAN.minusSeconds(20).toNanos()) {
            System.out.printf("  the round took %.0f s, close to the sessions' %d s lifespan: the first sockets may have "
                    + "been timed out (4003) before the last were ready%n",
                    (measured.allSettled + measured.closing) / 1e9, LIFESPAN.toSeconds());
        }
    }

    /** One round: every desktop connects, all are held open once ready, then all are closed together. */
    private static Round round(String url, RemoteAuthDesktop[] desktops, List<HttpClient> clients, int inFlight)
            throws InterruptedException {
        Sinks.Empty<Void> release = Sinks.empty();
        AtomicBoolean released = new AtomicBoolean();
        CountDownLatch ended = new CountDownLatch(desktops.length);
        long first = System.nanoTime();
        List<Session> sessions = Flux.range(0, desktops.length)
                .flatMap(i -> new Session(desktops[i], release, released, ended)
                        .open(clients.get(i % clients.size()), url), inFlight)
                .collectList()
                .block();
        long allSettled = System.nanoTime() - first;
        int openAtOnce = (int) sessions.stream().filter(Session::isOpen).count();
        released.set(true);
        long closeStart = System.nanoTime();
        release.tryEmitEmpty();
        if (!ended.await(CLOSE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            System.out.printf("  %d sockets still open %d s after closing%n", ended.getCount(), CLOSE_TIMEOUT.toSeconds());
        }
        long closing = System.nanoTime() - closeStart;

        long[] ready = sessions.stream().filter(s -> s.failure == null).mapToLong(s -> s.readyAt - s.start).sorted().toArray();
        long lastReady = sessions.stream().filter(s -> s.failure == null).mapToLong(s -> s.readyAt - first).max().orElse(0);
        Map<String, Long> failures = new TreeMap<>();
        for (Session session : sessions) {
            if (session.failure != null) {
                failures.merge(session.failure, 1L, Long::sum);
            } else if (session.dropped != null) {
                failures.merge("dropped after pending_remote_init, before the release: " + session.dropped, 1L, Long::sum);
            }
        }
        return new Round(ready, lastReady, allSettled, openAtOnce, closing, failures);
    }

    private record Round(long[] ready, long lastReady, long allSettled, int openAtOnce, long closing,
            Map<String, Long> failed) {

        String failures() {
            if (failed.isEmpty()) {
                return "none";
            }
            return failed.values().stream().mapToLong(Long::longValue).sum() + " (" + failed.entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("; ")) + ")";
        }
    }

    /** One desktop socket, from its connect to its close. */
    private static final class Session {

        private final RemoteAuthDesktop desktop;
        private final Sinks.Empty<Void> release;
        private final AtomicBoolean released;
        private final CountDownLatch ended;
        private final AtomicBoolean settled = new AtomicBoolean();
        private final AtomicBoolean gone = new AtomicBoolean();
        private final Sinks.One<Session> outcome = Sinks.one();
        private volatile Disposable connection;
        private volatile long start;
        private volatile long readyAt;
        /** Why the session never got to pending_remote_init; null once it did. */
        private volatile String failure;
        /** How a ready socket closed before the release; null while it is open. */
        private volatile String dropped;

        Session(RemoteAuthDesktop desktop, Sinks.Empty<Void> release, AtomicBoolean released, CountDownLatch ended) {
            this.desktop = desktop;
            this.release = release;
            this.released = released;
            this.ended = ended;
        }

        /** Connects now; completes when the session is ready or has failed, while its socket stays open. */
        Mono<Session> open(HttpClient client, String url) {
            return Mono.defer(() -> {
                start = System.nanoTime();
                connection = client.websocket(WebsocketClientSpec.builder().build())
                        .uri(url)
                        .handle(this::talk)
                        .subscribe(null, this::failed, () -> ended("closed before pending_remote_init without a close frame"));
                return outcome.asMono().timeout(HANDSHAKE_TIMEOUT, Mono.fromSupplier(this::timedOut));
            });
        }

        boolean isOpen() {
            return failure == null && dropped == null;
        }

        private Publisher<Void> talk(WebsocketInbound in, WebsocketOutbound out) {
            in.receiveCloseStatus().subscribe(this::closedWith);
            // Closed by the client once every session is ready; a socket already closed has nothing to send.
            release.asMono().then(Mono.defer(() -> out.sendClose(WebSocketCloseStatus.NORMAL_CLOSURE.code(), "benchmark done")))
                    .subscribe(null, e -> {});
            return out.sendString(in.aggregateFrames().receive().asString().concatMap(this::answer)).then();
        }

        private Mono<String> answer(String frame) {
            JsonNode event = JSON.readTree(frame);
            return switch (event.path("op").asString("")) {
                case "hello" -> Mono.just(desktop.init());
                case "nonce_proof" -> Mono.just(proof(event.path("encrypted_nonce").asString()));
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

        /** The base64url SHA-256 of the nonce, which only the holder of the private key can decrypt. */
        private String proof(String encryptedNonce) {
            try {
                Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
                cipher.init(Cipher.DECRYPT_MODE, desktop.privateKey(), OAEP);
                byte[] nonce = cipher.doFinal(Base64.getDecoder().decode(encryptedNonce));
                String digest = Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(MessageDigest.getInstance("SHA-256").digest(nonce));
                return "{\"op\":\"nonce_proof\",\"nonce\":\"" + digest + "\"}";
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                throw new IllegalStateException("the nonce cannot be decrypted: " + e, e);
            }
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

        private Session timedOut() {
            settle("timeout: no pending_remote_init within " + HANDSHAKE_TIMEOUT.toSeconds() + " s");
            connection.dispose();
            if (gone.compareAndSet(false, true)) {
                ended.countDown();
            }
            return this;
        }
    }

    private static double millis(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }
}
