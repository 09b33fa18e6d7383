package dev.concord.platform.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback port helpers. Every server in this module binds to {@link #LOOPBACK} only, so a
 * developer machine never exposes them to its network.
 */
public final class FreePorts {

    /** The address all embedded servers bind to and advertise. */
    public static final String LOOPBACK = "127.0.0.1";

    private static final Duration POLL = Duration.ofMillis(50);
    /** Above the well-known and most registered servers' ports. */
    private static final int LOWEST = 20_000;
    /** Where Linux's ephemeral range starts by default (IANA's, used elsewhere, starts higher). */
    private static final int DEFAULT_EPHEMERAL_LOW = 32_768;

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {}

    /** Returns {@code requested}, or a currently free loopback port when it is 0. */
    public static int resolve(int requested) {
        if (requested < 0 || requested > 65_535) {
            throw new IllegalArgumentException("Not a TCP port: " + requested);
        }
        return requested == 0 ? find() : requested;
    }

    /**
     * A port nothing listens on right now, below the range the system takes outgoing connections' ports
     * from, and not handed out before by this JVM. Another process may still grab it before the caller
     * binds; that window is accepted because the servers here must be told their port up front. A port
     * the kernel picks ({@code bind(0)}) comes from that ephemeral range, where a whole stack starting in
     * one JVM (hundreds of connections to PostgreSQL, Redis and Kafka) took one before its app bound it.
     */
    public static int find() {
        int ceiling = ephemeralLow();
        for (int attempt = 0; attempt < 200; attempt++) {
            int candidate = LOWEST + ThreadLocalRandom.current().nextInt(Math.max(1, ceiling - LOWEST));
            if (!HANDED_OUT.contains(candidate) && isFree(candidate) && HANDED_OUT.add(candidate)) {
                return candidate;
            }
        }
        try (ServerSocket socket = new ServerSocket(0, 1, loopback())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free loopback port", e);
        }
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(loopback(), port), 1);
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }

    /**
     * Linux's first ephemeral port; elsewhere, or unreadable, Linux's default. Read by line: a /proc file
     * has no size, and reading it whole by its size gave one byte.
     */
    private static int ephemeralLow() {
        try {
            String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                    .get(0)
                    .trim();
            int low = Integer.parseInt(range.split("\\s+")[0]);
            return low > LOWEST + 1000 ? low : DEFAULT_EPHEMERAL_LOW;
        } catch (IOException | RuntimeException notLinux) {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }

    /**
     * Waits until {@code port} can be bound again. A stopped server that is to restart on the same
     * port must not race its own lingering listener, so {@code stop()} methods call this.
     */
    public static void awaitReleased(int port, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try (ServerSocket socket = new ServerSocket()) {
                // Matches what servers do on Linux: connections in TIME_WAIT must not block a rebind.
                socket.setReuseAddress(true);
                socket.bind(new InetSocketAddress(loopback(), port), 1);
                return;
            } catch (IOException stillBound) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Port " + port + " still in use after " + timeout, stillBound);
                }
                sleep();
            }
        }
    }

    private static InetAddress loopback() {
        try {
            return InetAddress.getByName(LOOPBACK);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("Loopback address unresolvable", e);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a port", e);
        }
    }
}
