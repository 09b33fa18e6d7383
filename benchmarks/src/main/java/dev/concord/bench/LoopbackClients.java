package dev.concord.bench;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * The HTTP clients a benchmark opens its sockets with: one per loopback source address (each address has its
 * own ~28,000 ephemeral ports), each socket a connection of its own (a pool would queue connects beyond its
 * 16-odd per host), and the sockets spread over all of the client's event loops.
 *
 * <p>The spread needs loops of the client's own, an odd number of them. Reactor Netty (1.3) takes two loops
 * from the group for each connection it opens from a thread outside the group and registers the connection on
 * the second, so with the default two loops of a two-core machine every socket sat on one loop: one thread
 * read all 1,000 sockets of a fan-out while the other idled, and the benchmark timed the client's queue.
 */
final class LoopbackClients {

    private static final LoopResources LOOPS = LoopResources.create(
            "bench-client", 1, loopCount(Runtime.getRuntime().availableProcessors()), true, false);

    private LoopbackClients() {}

    /** At least one loop per core, and an odd number of them. */
    static int loopCount(int cores) {
        return cores % 2 == 0 ? cores + 1 : cores;
    }

    /** Clients for {@code sockets} sockets, at most {@code perAddress} from each loopback address. */
    static List<HttpClient> forSockets(int sockets, int perAddress) {
        int addresses = (sockets + perAddress - 1) / perAddress;
        List<HttpClient> clients = new ArrayList<>(addresses);
        for (int i = 0; i < addresses; i++) {
            InetSocketAddress local = new InetSocketAddress("127.0." + (1 + i / 250) + "." + (1 + i % 250), 0);
            clients.add(HttpClient.create(ConnectionProvider.newConnection())
                    .runOn(LOOPS)
                    .bindAddress(() -> local));
        }
        return clients;
    }
}
