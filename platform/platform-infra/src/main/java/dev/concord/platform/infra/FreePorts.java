package dev.concord.platform.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * Loopback port helpers. Every server in this module binds to {@link #LOOPBACK} only, so a
 * developer machine never exposes them to its network.
 */
public final class FreePorts {

    /** The address all embedded servers bind to and advertise. */
    public static final String LOOPBACK = "127.0.0.1";

    private static final Duration POLL = Duration.ofMillis(50);

    private FreePorts() {}

    /** Returns {@code requested}, or a currently free loopback port when it is 0. */
    public static int resolve(int requested) {
        if (requested < 0 || requested > 65_535) {
            throw new IllegalArgumentException("Not a TCP port: " + requested);
        }
        return requested == 0 ? find() : requested;
    }

    /**
     * A port nothing listens on right now. Another process may still grab it before the caller
     * binds; that window is accepted because the servers here must be told their port up front.
     */
    public static int find() {
        try (ServerSocket socket = new ServerSocket(0, 1, loopback())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free loopback port", e);
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
