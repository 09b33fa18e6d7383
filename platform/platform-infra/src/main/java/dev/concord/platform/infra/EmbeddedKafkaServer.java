package dev.concord.platform.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;
import org.jspecify.annotations.Nullable;

/**
 * A single-node KRaft Kafka broker (combined broker and controller) running inside this JVM.
 *
 * <p>In-JVM rather than a child process because it then works however the host JVM was launched
 * (surefire/failsafe, {@code exec:java}, a Boot fat jar) without reconstructing a classpath.
 * The broker can be {@link #stop() stopped} and {@link #start() started} again: it comes back on the
 * same client and controller ports over the same log directory, so records acknowledged before the
 * stop are still there and clients simply reconnect.
 *
 * <p>The broker's threads are not daemons: a process that started one only terminates after
 * {@link #close()} or {@code System.exit} (which surefire and failsafe forks call when done).
 */
public final class EmbeddedKafkaServer implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration PORT_RELEASE_TIMEOUT = Duration.ofSeconds(30);

    private final int port;
    private final int controllerPort;
    private final Path logDir;
    private final boolean ephemeral;
    private @Nullable KafkaRaftServer server;

    private EmbeddedKafkaServer(int port, Path logDir, boolean ephemeral) {
        this.port = FreePorts.resolve(port);
        // Chosen once per instance: restarts must find the controller where the quorum config says.
        this.controllerPort = FreePorts.find();
        this.logDir = logDir;
        this.ephemeral = ephemeral;
    }

    /** Starts a broker on {@code port} (0 = any free port) over a temporary log directory. */
    public static EmbeddedKafkaServer start(int port) {
        try {
            return startNew(port, Files.createTempDirectory("concord-kafka"), true);
        } catch (IOException e) {
            throw new UncheckedIOException("No temporary directory for Kafka", e);
        }
    }

    /** Starts a broker whose log directory persists across {@link #close()} (the local stack's mode). */
    public static EmbeddedKafkaServer start(int port, Path logDir) {
        try {
            return startNew(port, Files.createDirectories(logDir), false);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create Kafka log directory " + logDir, e);
        }
    }

    private static EmbeddedKafkaServer startNew(int port, Path logDir, boolean ephemeral) {
        EmbeddedKafkaServer kafka = new EmbeddedKafkaServer(port, logDir, ephemeral);
        kafka.start();
        return kafka;
    }

    /** Starts the broker if stopped and returns once it accepts produce requests. */
    public synchronized void start() {
        if (server != null) {
            return;
        }
        ServerLogs.quiet();
        KafkaBrokerSetup.formatIfNeeded(logDir);
        KafkaRaftServer starting = new KafkaRaftServer(
                KafkaConfig.fromProps(KafkaBrokerSetup.config(port, controllerPort, logDir)), Time.SYSTEM);
        server = starting;
        try {
            starting.startup();
            KafkaBrokerSetup.awaitReady(bootstrapServers(), READY_TIMEOUT);
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    /**
     * Shuts the broker down cleanly (logs flushed, clean-shutdown marker written) and returns once
     * both of its ports can be bound again, so an immediate {@link #start()} cannot fail on them.
     */
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        try {
            server.shutdown();
            server.awaitShutdown();
        } finally {
            server = null;
        }
        FreePorts.awaitReleased(port, PORT_RELEASE_TIMEOUT);
        FreePorts.awaitReleased(controllerPort, PORT_RELEASE_TIMEOUT);
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    public int port() {
        return port;
    }

    public String bootstrapServers() {
        return FreePorts.LOOPBACK + ":" + port;
    }

    public Path logDir() {
        return logDir;
    }

    /** Stops the broker; a temporary log directory is deleted. */
    @Override
    public synchronized void close() {
        stop();
        if (ephemeral) {
            TempFiles.deleteRecursively(logDir);
        }
    }
}
