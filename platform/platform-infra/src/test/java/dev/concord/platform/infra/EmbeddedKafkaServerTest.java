package dev.concord.platform.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaServerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void idempotentProducerRecordsSurviveStopAndStartOnTheSamePort() throws Exception {
        Path logDir;
        try (EmbeddedKafkaServer kafka = EmbeddedKafkaServer.start(0);
                KafkaProducer<String, String> producer =
                        KafkaTestClients.idempotentProducer(kafka.bootstrapServers())) {
            logDir = kafka.logDir();
            String bootstrap = kafka.bootstrapServers();
            KafkaTestClients.send(producer, "orders", "k1", "before-stop");
            assertThat(KafkaTestClients.readAll(bootstrap, "orders", 1, TIMEOUT))
                    .containsExactly("before-stop");

            kafka.stop();
            assertThat(kafka.isRunning()).isFalse();
            assertThat(accepts(kafka.port())).isFalse();
            // Sent while the broker is down. From another thread, because once the client has dropped
            // its metadata (it re-bootstraps on disconnect) send() blocks until the broker is back.
            CompletableFuture<Void> duringOutage =
                    CompletableFuture.runAsync(() -> sendQuietly(producer, "during-outage"));

            kafka.start();
            assertThat(kafka.bootstrapServers()).isEqualTo(bootstrap);
            duringOutage.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            KafkaTestClients.send(producer, "orders", "k3", "after-start");

            assertThat(KafkaTestClients.readAll(bootstrap, "orders", 3, TIMEOUT))
                    .containsExactlyInAnyOrder("before-stop", "during-outage", "after-start");
        }
        assertThat(Files.exists(logDir))
                .as("temporary log dir removed on close")
                .isFalse();
    }

    @Test
    void aPersistentLogDirKeepsRecordsForTheNextServerInstance(@TempDir Path logDir) throws Exception {
        try (EmbeddedKafkaServer kafka = EmbeddedKafkaServer.start(0, logDir);
                KafkaProducer<String, String> producer =
                        KafkaTestClients.idempotentProducer(kafka.bootstrapServers())) {
            KafkaTestClients.send(producer, "audit", "k", "first-run");
        }
        assertThat(Files.exists(logDir.resolve("meta.properties"))).isTrue();

        try (EmbeddedKafkaServer kafka = EmbeddedKafkaServer.start(0, logDir)) {
            assertThat(KafkaTestClients.readAll(kafka.bootstrapServers(), "audit", 1, TIMEOUT))
                    .containsExactly("first-run");
        }
    }

    private static void sendQuietly(KafkaProducer<String, String> producer, String value) {
        try {
            KafkaTestClients.send(producer, "orders", "k2", value);
        } catch (Exception e) {
            throw new IllegalStateException("Send during outage was lost", e);
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket(FreePorts.LOOPBACK, port)) {
            return socket.isConnected();
        } catch (IOException refused) {
            return false;
        }
    }
}
