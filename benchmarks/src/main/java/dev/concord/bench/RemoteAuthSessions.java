package dev.concord.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.netty.http.client.HttpClient;

/**
 * Desktops starting a QR-code login all at once: {@code sessions} sockets to the remote-auth gateway
 * ({@code /remote-auth/?v=2}), each with a key pair of its own, through hello, init and the nonce proof to
 * {@code pending_remote_init}. Per session, the time from the start of its connect to its
 * pending_remote_init (the client's own OAEP decryption, a few milliseconds, included, as a desktop's
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
 * committed) for the next run. Failures (close codes, refused upgrades, timeouts) are counted and reported
 * with the figures, then fail the run.
 *
 * <p>Usage ({@link Benchmarks}): {@code remote-auth-sessions <edge base url> [sessions] [in flight]
 * [warm-up rounds] [key file]}; defaults 1000, 100, 1 and no file.
 */
public final class RemoteAuthSessions {

    /** remote-auth-service's default {@code concord.remote-auth.sessions-per-address}. */
    private static final int PER_ADDRESS = 10;
    /** A session's lifespan (hello's timeout_ms): a round must be done well before the server's 4003. */
    private static final Duration LIFESPAN = Duration.ofSeconds(120);

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    public static void main(String[] args) throws Exception {
        String url = args[0].replaceFirst("^http", "ws") + "/remote-auth/?v=2";
        int sessions = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int warmUps = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        Path keyFile = args.length > 4 ? Path.of(args[4]) : null;

        List<HttpClient> clients = LoopbackClients.forSockets(sessions, PER_ADDRESS);
        int addresses = clients.size();
        System.out.printf(
                "remote-auth desktops: %d sessions from %d loopback addresses (%d each at most), "
                        + "at most %d handshakes in flight, %s%n",
                sessions, addresses, PER_ADDRESS, inFlight, url);
        RemoteAuthDesktop[] desktops = RemoteAuthDesktop.load(sessions, keyFile);

        for (int round = 1; round <= warmUps; round++) {
            Round warmUp = round(url, desktops, clients, inFlight);
            System.out.printf(
                    "warm-up round %d: %d ready in %.2f s, p50 %.2f ms, p99 %.2f ms; failures: %s%n",
                    round,
                    warmUp.ready.length,
                    warmUp.allSettled / 1e9,
                    millis(warmUp.ready, 0.50),
                    millis(warmUp.ready, 0.99),
                    warmUp.failures());
            // The server frees an address's slot and deletes a session just after the close: let it, since the
            // next round reuses the same keys and addresses.
            Thread.sleep(2000);
        }
        Round measured = round(url, desktops, clients, inFlight);
        long[] ready = measured.ready;
        System.out.printf(
                "remote-auth handshake (connect to pending_remote_init) over %d sessions: "
                        + "p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                ready.length,
                millis(ready, 0.50),
                millis(ready, 0.99),
                ready.length == 0 ? Double.NaN : ready[ready.length - 1] / 1e6);
        System.out.printf(
                "  %.0f handshakes/s (%d over %.2f s from the first connect to the last pending_remote_init)%n",
                ready.length / (measured.lastReady / 1e9), ready.length, measured.lastReady / 1e9);
        System.out.printf(
                "  all %d settled after %.2f s; %d sockets open at once before closing; all closed %.2f s later%n",
                sessions, measured.allSettled / 1e9, measured.openAtOnce, measured.closing / 1e9);
        System.out.printf("  failures: %s%n", measured.failures());
        if (measured.allSettled + measured.closing > LIFESPAN.minusSeconds(20).toNanos()) {
            System.out.printf(
                    "  the round took %.0f s, close to the sessions' %d s lifespan: the first sockets may have "
                            + "been timed out (4003) before the last were ready%n",
                    (measured.allSettled + measured.closing) / 1e9, LIFESPAN.toSeconds());
        }
        // A figure over failed sessions is not the figure asked for: the target is all of them open at once.
        if (!measured.failed.isEmpty()) {
            throw new IllegalStateException("remote-auth sessions failed: " + measured.failures());
        }
    }

    /** One round: every desktop connects, all are held open once ready, then all are closed together. */
    private static Round round(String url, RemoteAuthDesktop[] desktops, List<HttpClient> clients, int inFlight)
            throws InterruptedException {
        Sinks.Empty<Void> release = Sinks.empty();
        AtomicBoolean released = new AtomicBoolean();
        CountDownLatch ended = new CountDownLatch(desktops.length);
        long first = System.nanoTime();
        List<RemoteAuthSession> sessions = Flux.range(0, desktops.length)
                .flatMap(
                        i -> new RemoteAuthSession(desktops[i], release, released, ended)
                                .open(clients.get(i % clients.size()), url),
                        inFlight)
                .collectList()
                .blockOptional()
                .orElseThrow();
        long allSettled = System.nanoTime() - first;
        int openAtOnce =
                (int) sessions.stream().filter(RemoteAuthSession::isOpen).count();
        released.set(true);
        long closeStart = System.nanoTime();
        release.tryEmitEmpty();
        if (!ended.await(CLOSE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            System.out.printf(
                    "  %d sockets still open %d s after closing%n", ended.getCount(), CLOSE_TIMEOUT.toSeconds());
        }
        long closing = System.nanoTime() - closeStart;

        long[] ready = sessions.stream()
                .filter(s -> s.failure == null)
                .mapToLong(s -> s.readyAt - s.start)
                .sorted()
                .toArray();
        long lastReady = sessions.stream()
                .filter(s -> s.failure == null)
                .mapToLong(s -> s.readyAt - first)
                .max()
                .orElse(0);
        Map<String, Long> failures = new TreeMap<>();
        for (RemoteAuthSession session : sessions) {
            if (session.failure != null) {
                failures.merge(session.failure, 1L, Long::sum);
            } else if (session.dropped != null) {
                failures.merge(
                        "dropped after pending_remote_init, before the release: " + session.dropped, 1L, Long::sum);
            }
        }
        return new Round(ready, lastReady, allSettled, openAtOnce, closing, failures);
    }

    private record Round(
            long[] ready, long lastReady, long allSettled, int openAtOnce, long closing, Map<String, Long> failed) {

        String failures() {
            if (failed.isEmpty()) {
                return "none";
            }
            return failed.values().stream().mapToLong(Long::longValue).sum() + " ("
                    + failed.entrySet().stream()
                            .map(e -> e.getKey() + ": " + e.getValue())
                            .collect(Collectors.joining("; "))
                    + ")";
        }
    }

    private static double millis(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }
}
