package dev.concord.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * How the sockets of {@link PresenceFanout} and {@link StageFanout} connect and identify: to the gateway
 * instance's own port, from many loopback source addresses ({@code perAddress} sockets each; Linux routes
 * all of 127/8 to loopback), so that neither one address's ephemeral ports nor a per-address identify limit
 * caps them; identifies paced at {@code identifyRate} per second over all addresses, at most {@code
 * inFlight} waiting for READY at once (each asks remote-auth-service for the user, guild-service for the
 * user's guilds when it identifies with GUILDS, and for presence presence-service, which asks
 * social-service, for the session's presence).
 */
final class PacedIdentifies {

    /** A socket this opens: it connects, identifies, and completes at READY or failure. */
    interface Socket {

        /** The user's place among the run's users: it picks the source address. */
        int index();

        Mono<?> open(HttpClient client, String url, Duration timeout);

        /**
         * Why the socket never got READY, or how it ended after READY before the benchmark was done (a 4008
         * rate limit, say); null while it is open and ready.
         */
        @Nullable
        String problem();
    }

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    /** Warm-up batches at most, before the stack is taken as failing rather than cold. */
    private static final int WARM_UP_BATCHES = 5;

    private final String url;
    private final List<HttpClient> clients;
    private final int identifyRate;
    private final int inFlight;

    PacedIdentifies(String url, int sockets, int perAddress, int identifyRate, int inFlight) {
        this.url = url;
        this.identifyRate = identifyRate;
        this.inFlight = inFlight;
        this.clients = LoopbackClients.forSockets(sockets, perAddress);
    }

    int addresses() {
        return clients.size();
    }

    /** Opens {@code sockets}, paced, and waits for every READY (or failure); returns the seconds it took. */
    double open(List<? extends Socket> sockets) {
        long start = System.nanoTime();
        Flux.range(0, sockets.size())
                .delayElements(Duration.ofNanos(1_000_000_000L / identifyRate))
                .flatMap(
                        i -> sockets.get(i)
                                .open(clients.get(sockets.get(i).index() % clients.size()), url, READY_TIMEOUT),
                        inFlight)
                .blockLast();
        return (System.nanoTime() - start) / 1e9;
    }

    /** Adds the sockets' failures to {@code failures}: READYs that never came, sockets closed since. */
    static void countFailures(List<? extends Socket> sockets, Map<String, Long> failures) {
        for (Socket socket : sockets) {
            String problem = socket.problem();
            if (problem != null) {
                failures.merge(problem, 1L, Long::sum);
            }
        }
    }

    /**
     * Users of no friendship identify in batches of {@code inFlight}, as the run's sockets will, until one
     * batch has every presence opened (at most {@link #WARM_UP_BATCHES}): the first calls of a freshly started
     * presence-service and social-service (JIT, connection pools filling) can take longer than presence-service
     * waits for a user's audience (2 s). The sockets stay open; they are in place before the memory is first
     * read. Returns whether the last batch went well.
     */
    boolean warmUp(BenchTokens tokens, long firstUser, int users, PresenceArrivals arrivals) throws Exception {
        int used = 0;
        for (int batch = 0; batch < WARM_UP_BATCHES && used + inFlight <= users; batch++) {
            List<PresenceSocket> sockets = new ArrayList<>();
            for (int i = 0; i < inFlight; i++, used++) {
                sockets.add(new PresenceSocket(used, tokens.userToken(firstUser + used), arrivals));
            }
            open(sockets);
            long opened = sockets.stream()
                    .filter(s -> s.failure == null && s.presenceOpened)
                    .count();
            System.out.printf(
                    "warm-up identifies, batch %d: %d of %d with their presence opened%n",
                    batch + 1, opened, sockets.size());
            if (opened == sockets.size()) {
                return true;
            }
        }
        return false;
    }
}
