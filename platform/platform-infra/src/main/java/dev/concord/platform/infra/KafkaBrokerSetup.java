package dev.concord.platform.infra;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * Configuration, storage formatting and readiness check of the single combined broker/controller
 * node. Kept apart from the lifecycle so every restart builds its configuration from the same inputs.
 */
final class KafkaBrokerSetup {

    static final int NODE_ID = 1;
    static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final String META_PROPERTIES = "meta.properties";

    private KafkaBrokerSetup() {}

    /**
     * Broker settings for exactly one node: every internal topic is replicated once, partitions are
     * few (a consumer-group or transaction coordinator topic with the default 50 partitions takes
     * seconds to create on two cores) and thread pools are small.
     */
    static Properties config(int port, int controllerPort, Path logDir) {
        String host = FreePorts.LOOPBACK;
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", String.valueOf(NODE_ID));
        props.put("controller.quorum.voters", NODE_ID + "@" + host + ":" + controllerPort);
        props.put("controller.listener.names", CONTROLLER_LISTENER);
        props.put(
                "listeners",
                "PLAINTEXT://" + host + ":" + port + "," + CONTROLLER_LISTENER + "://" + host + ":" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://" + host + ":" + port);
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        props.put("auto.create.topics.enable", "true");
        props.put("num.partitions", "3");
        props.put("default.replication.factor", "1");
        props.put("min.insync.replicas", "1");
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "3");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("transaction.state.log.num.partitions", "3");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("num.network.threads", "2");
        props.put("num.io.threads", "2");
        props.put("background.threads", "2");
        props.put("num.recovery.threads.per.data.dir", "1");
        props.put("log.cleaner.threads", "1");
        // The default 128 MiB dedupe buffer is allocated up front; compacted internal topics here are tiny.
        props.put("log.cleaner.dedupe.buffer.size", String.valueOf(2 * 1024 * 1024));
        return props;
    }

    /**
     * Formats {@code logDir} as a fresh single-node cluster unless it already holds one. Formatting
     * only once is what lets data survive a restart and a persistent local stack survive reboots.
     */
    static void formatIfNeeded(Path logDir) {
        if (Files.exists(logDir.resolve(META_PROPERTIES))) {
            return;
        }
        try (PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8)) {
            new Formatter()
                    .setPrintStream(discard)
                    .setNodeId(NODE_ID)
                    .setClusterId(Uuid.randomUuid().toString())
                    .setDirectories(List.of(logDir.toString()))
                    .setMetadataLogDirectory(logDir.toString())
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .setControllerListenerName(CONTROLLER_LISTENER)
                    .run();
        } catch (Exception e) {
            throw new IllegalStateException("Could not format Kafka log directory " + logDir, e);
        }
    }

    /**
     * startup() already waits for the controller to unfence the broker; this asks over the
     * advertised client listener as well, so "started" means exactly what clients will see.
     */
    static void awaitReady(String bootstrapServers, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                5_000))) {
            while (System.nanoTime() < deadline) {
                if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
                    return;
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while Kafka was starting", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kafka did not become ready on " + bootstrapServers, e);
        }
        throw new IllegalStateException("Kafka did not become ready within " + timeout);
    }
}
