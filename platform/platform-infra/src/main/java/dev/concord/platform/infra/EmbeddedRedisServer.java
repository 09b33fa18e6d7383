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
     * found is taken before Redis binds it (the port is free when chosen, not reserved).
     */
    public static EmbeddedRedisServer start(int port) {
        ServerLogs.quiet();
        int attempts = port == 0 ? 3 : 1;
        for (int attempt = 1; ; attempt++) {
            int resolved = FreePorts.resolve(port);
            try {
                return startOn(resolved);
            } catch (IOException e) {
                if (attempt >= attempts) {
                    throw new UncheckedIOException("Redis did not start on port " + resolved, e);
                }
                LOG.warn("Redis did not start on port {}; trying another", resolved);
            }
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
