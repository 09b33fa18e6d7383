package dev.concord.gateway.socket;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.TestEvents;
import dev.concord.gateway.TestSocket;
import dev.concord.platform.json.Json;
import java.io.IOException;
import java.net.SocketException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A client that stops reading is closed without holding up anyone else: the events it cannot take fill
 * its own bounded queue only, while the other sessions of the same audience get every event at once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// A queue that holds a burst of the consumer's deliveries (up to a fetch of 1 MiB, 64 of these events)
// for the clients that read, and that a client that does not read overflows after a few hundred.
@TestPropertySource(properties = {"concord.gateway.outbound-queue-size=512", "concord.gateway.replay-buffer-size=256"})
class SlowConsumerIT extends GatewayTestSupport {

    private static final long PROBE_USER = 8999;
    private static final int EVENTS = 1000;
    /** Large enough that the stalled socket's kernel buffers fill after a few hundred events. */
    private static final String PADDING = "x".repeat(16 * 1024);

    @Value("${concord.kafka.bootstrap-servers}")
    String bootstrapServers;

    @Value("${concord.kafka.topic-prefix}")
    String topicPrefix;

    private TestEvents events;
    private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();

    @BeforeAll
    void consumerIsListening() {
        events = new TestEvents(bootstrapServers, topicPrefix, 50_000);
        try (TestSocket probe = connect()) {
            identify(probe, userToken(PROBE_USER));
            events.awaitConsumer(probe, PROBE_USER);
        }
    }

    @AfterAll
    void stop() {
        events.close();
        heartbeats.shutdownNow();
    }

    @Test
    void aClientThatStopsReadingIsClosedAndTheOthersGetEveryEventPromptly() throws IOException {
        try (TestSocket fast = connect();
                TestSocket alsoFast = connect();
                StalledClient stalled = new StalledClient(port, SOCKET_PATH)) {
            identify(fast, userToken(8001));
            identify(alsoFast, userToken(8002));
            identifyAndStopReading(stalled, 8003);

            for (int i = 0; i < EVENTS; i++) {
                // One key, so one partition: the order of publication is the order of delivery.
                events.publish(
                        "social.events",
                        "8001",
                        TestEvents.envelope(
                                events.nextId(),
                                USER_SETTINGS_UPDATE,
                                "{\"user_ids\":[\"8001\",\"8002\",\"8003\"]}",
                                "{\"n\":" + i + ",\"padding\":\"" + PADDING + "\"}"));
            }
            long published = System.nanoTime();
            // Every event in order to each reading client (READY was s 1), while the stalled one reads nothing.
            for (TestSocket reader : new TestSocket[] {fast, alsoFast}) {
                for (int i = 0; i < EVENTS; i++) {
                    JsonNode dispatch;
                    try {
                        dispatch = reader.next();
                    } catch (AssertionError stall) {
                        // Which reader, where, and how it was closed: this is how a stall here was traced to
                        // BlockHound ending a socket's read inside Netty's buffer allocator (see
                        // ShortLocksBlockHoundIntegration).
                        throw new AssertionError(
                                "reader " + (reader == fast ? "fast" : "alsoFast") + " stalled at " + i + " close "
                                        + reader.closeCode() + " " + reader.closeReason(),
                                stall);
                    }
                    assertThat(dispatch.get("d").path("n").intValue())
                            .as(dispatch.toString().substring(0, 80))
                            .isEqualTo(i);
                    assertThat(dispatch.get("s").longValue()).isEqualTo(i + 2);
                }
            }
            // Delivery keeps pace with publishing (one acknowledged send after another): the readers are
            // never held back waiting for the stalled one, whose bounded queue alone fills.
            assertThat(Duration.ofNanos(System.nanoTime() - published)).isLessThan(Duration.ofSeconds(5));

            // Reading again: what the kernel and Netty held, then the close; never every event. The close
            // frame waits behind what the client left unread, so the server may give up on the socket
            // first: then the connection is reset, which ends it as surely.
            int received = 0;
            StalledClient.Frame frame = null;
            try {
                while ((frame = stalled.read()).opcode() != StalledClient.CLOSE) {
                    if (frame.opcode() == StalledClient.TEXT && frame.text().contains(USER_SETTINGS_UPDATE)) {
                        received++;
                    }
                }
            } catch (SocketException reset) {
                frame = null;
            }
            if (frame != null) {
                assertThat(frame.closeCode()).isEqualTo(4000);
                assertThat(frame.closeReason()).isEqualTo("Client too slow to receive");
            }
            assertThat(received).isLessThan(EVENTS);
        }
    }

    /** Hello, Identify, READY; then the client only writes, a heartbeat every 800 ms. */
    private void identifyAndStopReading(StalledClient client, long userId) throws IOException {
        assertThat(Json.mapper().readTree(client.read().text()).get("op").intValue())
                .isEqualTo(10);
        client.send(identifyPayload(userToken(userId)));
        while (!client.read().text().contains("\"READY\"")) {
            // heartbeat acknowledgements and the like
        }
        heartbeats.scheduleAtFixedRate(
                () -> {
                    try {
                        client.send("{\"op\":1,\"d\":null}");
                    } catch (IOException closed) {
                        // the server closed it: the test reads that
                    }
                },
                0,
                800,
                TimeUnit.MILLISECONDS);
    }
}
