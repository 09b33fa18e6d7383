package dev.concord.platform.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisServer;

/**
 * A real Redis 6.2 server run as a child process from the binary embedded-redis ships in its jar,
 * bound to 127.0.0.1. Nothing is persisted: the data is a cache and sessions that a restart may lose.
 */
public final class EmbeddedRedisServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedRedisServer.class);

    private final RedisServer server;
    private final int port;

    private EmbeddedRedisServer(RedisServer server, int port) {
        this.server = server;
        this.port = port;
    }

    /**
     * Starts a server on {@code port}. With 0 it takes any free port, and tries another when the one it
     * found is taken before Redis binds it (the port is free when chosen, not reserved). A fixed port is
     * tried again for a few seconds: the previous stack's Redis on it (a test run's, a stack just stopped)
     * may still be exiting, which once failed a CI run's benchmark stack.
     */
    public static EmbeddedRedisServer start(int port) {
        ServerLogs.quiet();
        int attempts = port == 0 ? 3 : FIXED_PORT_ATTEMPTS;
        for (int attempt = 1; ; attempt++) {
            int resolved = FreePorts.resolve(port);
            try {
                return startOn(resolved);
            } catch (IOException e) {
                if (attempt >= attempts) {
                    throw new UncheckedIOException("Redis did not start on port " + resolved, e);
                }
                LOG.warn(
                        "Redis did not start on port {} (attempt {} of {}); trying again", resolved, attempt, attempts);
                if (port != 0) {
                    pause();
                }
            }
        }
    }

    /** Five attempts a second apart on a fixed port. */
    private static final int FIXED_PORT_ATTEMPTS = 5;

    private static void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Redis's port", interrupted);
        }
    }

    private static EmbeddedRedisServer startOn(int port) throws IOException {
        RedisServer server = RedisServer.newRedisServer()
                .port(port)
                .bind(FreePorts.LOOPBACK)
                // No RDB snapshots and no AOF: nothing is written next to the unpacked binary.
                .setting("save \"\"")
                .setting("appendonly no")
                // Redis writes its banner and log to stdout; keep it out of the test output.
                .soutListener(line -> LOG.debug("{}", line))
                .serrListener(line -> LOG.warn("{}", line))
                .build();
        server.start();
        return new EmbeddedRedisServer(server, port);
    }

    public int port() {
        return port;
    }

    /** Connection URI for Lettuce and Spring Data Redis, e.g. {@code redis://127.0.0.1:6379}. */
    public String uri() {
        return "redis://" + FreePorts.LOOPBACK + ":" + port;
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (IOException e) {
            throw new UncheckedIOException("Redis did not stop cleanly", e);
        }
    }
}
