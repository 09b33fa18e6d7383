package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.json.Json;
import dev.concord.platform.test.TestInfrastructure;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * A LATEST subscriber keeps its place through a broker restart, even in partitions it never read; and a
 * later consumer of the same group goes on from where it was, in those partitions too.
 */
class EventSubscriberIT {

    private final String bootstrap = TestInfrastructure.get().kafkaBootstrapServers();
    private final EventSettings settings =
            new EventSettings(bootstrap, "sub-" + UUID.randomUUID() + ".", null, "test", 500, 1000, 4, 60_000, 100);

    @Test
    void eventsPublishedAcrossABrokerRestartAreAllReceived() throws Exception {
        Set<String> received = ConcurrentHashMap.newKeySet();
        publish("before-subscribe", 0);
        Disposable subscription = new ReactorKafkaSubscriber(settings, Json.mapper())
                .subscribe(
                        "gateway-test",
                        List.of("test.events"),
                        EventSubscriber.StartFrom.LATEST,
                        event -> Mono.fromRunnable(() -> received.add(event.type())));
        try {
            publishUntilReceived("warm-up", 0, received);

            var kafka = TestInfrastructure.get().kafka();
            kafka.stop();
            kafka.start();
            // Partitions 1 and 2 have never had a record for this group, so no committed offset either.
            publish("after-restart-1", 1);
            publish("after-restart-2", 2);

            awaitReceived(received, Set.of("after-restart-1", "after-restart-2"), Duration.ofSeconds(90));
            assertThat(received).doesNotContain("before-subscribe");
        } finally {
            subscription.dispose();
        }
    }

    @Test
    void aConsumerTakingTheGroupOverStartsWhereTheFirstWasEvenInPartitionsItNeverRead() throws Exception {
        Set<String> first = ConcurrentHashMap.newKeySet();
        ReactorKafkaSubscriber subscriber = new ReactorKafkaSubscriber(settings, Json.mapper());
        Disposable subscription = subscriber.subscribe(
                "gateway-dead",
                List.of("test.events"),
                EventSubscriber.StartFrom.LATEST,
                event -> Mono.fromRunnable(() -> first.add(event.type())));
        try {
            publishUntilReceived("first-warm-up", 0, first);
            awaitCommitted("gateway-dead");
        } finally {
            subscription.dispose();
        }
        // Published while the group has no consumer: after what the first committed in partition 0, and to
        // partitions it never had a record from (one before the time the successor is given, which it skips).
        publish("after-warm-up", 0);
        publish("before-since", 1);
        Thread.sleep(20);
        Instant since = Instant.now();
        Thread.sleep(20);
        publish("while-away-1", 1);
        publish("while-away-2", 2);

        Set<String> successor = ConcurrentHashMap.newKeySet();
        Disposable taken = subscriber.takeOver(
                "gateway-dead",
                List.of("test.events"),
                since,
                event -> Mono.fromRunnable(() -> successor.add(event.type())));
        try {
            awaitReceived(successor, Set.of("while-away-1", "while-away-2", "after-warm-up"), Duration.ofSeconds(60));
            assertThat(successor).doesNotContain("first-warm-up", "before-since");
        } finally {
            taken.dispose();
        }
    }

    @Test
    void caughtUpCompletesOnlyOnceEverythingPublishedBeforeHasBeenHandled() throws Exception {
        Set<String> handled = ConcurrentHashMap.newKeySet();
        EventSubscriber.Subscription subscription = new ReactorKafkaSubscriber(settings, Json.mapper())
                .subscribe(
                        "gateway-slow", List.of("test.events"), EventSubscriber.StartFrom.LATEST, event -> Mono.delay(
                                        Duration.ofMillis(100))
                                .then(Mono.fromRunnable(() -> handled.add(event.type()))));
        try {
            publishUntilReceived("slow-warm-up", 0, handled);
            for (int i = 0; i < 10; i++) {
                publish("slow-" + i, i % 3);
            }

            subscription.caughtUp().block(Duration.ofSeconds(60));

            assertThat(handled)
                    .contains(
                            "slow-0", "slow-1", "slow-2", "slow-3", "slow-4", "slow-5", "slow-6", "slow-7", "slow-8",
                            "slow-9");
        } finally {
            subscription.dispose();
        }
    }

    @Test
    void aFailingHandlerIsAskedAgainInItsTurnAndOneThatPassesAnEventOverMovesOnAtOnce() throws Exception {
        AtomicInteger flakyCalls = new AtomicInteger();
        AtomicInteger passedOver = new AtomicInteger();
        List<String> handled = new CopyOnWriteArrayList<>();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        EventSubscriber.Subscription subscription = new ReactorKafkaSubscriber(settings, Json.mapper())
                .subscribe("retrying", List.of("test.events"), EventSubscriber.StartFrom.LATEST, event -> {
                    if (event.type().startsWith("passed")) {
                        passedOver.incrementAndGet();
                        return Mono.empty();
                    }
                    if (event.type().equals("flaky")) {
                        // Thrown at once, then failed as a Mono, then handled.
                        int call = flakyCalls.incrementAndGet();
                        if (call == 1) {
                            throw new IllegalStateException("thrown");
                        }
                        if (call == 2) {
                            return Mono.error(new IllegalStateException("failed"));
                        }
                    }
                    return Mono.fromRunnable(() -> {
                        handled.add(event.type());
                        seen.add(event.type());
                    });
                });
        try {
            publishUntilReceived("retry-warm-up", 0, seen);
            publish("flaky", 0);
            publish("passed-1", 0);
            publish("passed-2", 0);
            publish("after", 0);

            subscription.caughtUp().block(Duration.ofSeconds(60));

            assertThat(flakyCalls).as("asked once, then again for each failure").hasValue(3);
            assertThat(passedOver).hasValue(2);
            assertThat(handled).endsWith("flaky", "after");
        } finally {
            subscription.dispose();
        }
    }

    @Test
    void batchesHandOverWhatPiledUpInOrderAndAreAcknowledged() throws Exception {
        List<String> handled = new CopyOnWriteArrayList<>();
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        EventSubscriber.Subscription subscription = new ReactorKafkaSubscriber(settings, Json.mapper())
                .subscribeBatches(
                        "batches", List.of("test.events"), EventSubscriber.StartFrom.LATEST, events -> Mono.delay(
                                        Duration.ofMillis(200))
                                .then(Mono.fromRunnable(() -> {
                                    sizes.add(events.size());
                                    events.forEach(event -> {
                                        seen.add(event.type());
                                        if (event.type().startsWith("batch-")) {
                                            handled.add(event.type());
                                        }
                                    });
                                })));
        try {
            publishUntilReceived("warm-up-batches", 1, seen);
            List<String> published = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                publish("batch-" + i, 1);
                published.add("batch-" + i);
            }

            subscription.caughtUp().block(Duration.ofSeconds(60));

            assertThat(handled).as("in order, each once").containsExactlyElementsOf(published);
            assertThat(sizes)
                    .as("events that piled up during a batch come as one")
                    .anyMatch(size -> size > 1);
        } finally {
            subscription.dispose();
        }
    }

    @Test
    void summariesCarryEachEventsTypeAndKeyWhereverTheTypeStandsAndSkipWhatHasNone() throws Exception {
        List<EventSubscriber.EventSummary> summaries = new CopyOnWriteArrayList<>();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        Disposable subscription = new ReactorKafkaSubscriber(settings, Json.mapper())
                .subscribeSummaries(
                        "summaries",
                        List.of("test.events"),
                        EventSubscriber.StartFrom.LATEST,
                        summary -> Mono.fromRunnable(() -> {
                            seen.add(summary.type());
                            if (summary.type().startsWith("MESSAGE_")) {
                                summaries.add(summary);
                            }
                        }));
        try {
            publishUntilReceived("warm-up-summaries", 2, seen);
            publish("111", "{\"id\":\"1\",\"type\":\"MESSAGE_CREATE\",\"data\":{\"content\":\"a\"}}", 2);
            // The type after a data object with nested values (another writer's order): skipped over, not read.
            publish(
                    "222",
                    "{\"data\":{\"type\":\"not this\",\"embeds\":[{\"type\":\"rich\"}]},\"type\":\"MESSAGE_DELETE\"}",
                    2);
            publish("333", "not json", 2);
            publish("444", "{\"id\":\"4\",\"data\":{}}", 2);
            publish("555", "{\"id\":\"5\",\"type\":\"MESSAGE_UPDATE\",\"data\":{}}", 2);

            await().atMost(Duration.ofSeconds(30)).until(() -> summaries.size() == 3);
            assertThat(summaries)
                    .containsExactly(
                            new EventSubscriber.EventSummary("MESSAGE_CREATE", "111"),
                            new EventSubscriber.EventSummary("MESSAGE_DELETE", "222"),
                            new EventSubscriber.EventSummary("MESSAGE_UPDATE", "555"));
        } finally {
            subscription.dispose();
        }
    }

    /** Waits for the group's background commit of what it handled. */
    private void awaitCommitted(String groupId) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            await("the group commits its offsets")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> !admin.listConsumerGroupOffsets(settings.topicPrefix() + groupId)
                            .partitionsToOffsetAndMetadata()
                            .get()
                            .isEmpty());
        }
    }

    /** Publishes every half second until the subscriber has the event: it starts reading at some point. */
    private void publishUntilReceived(String type, int partition, Set<String> received) {
        await("the subscriber starts reading")
                .atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    if (received.contains(type)) {
                        return true;
                    }
                    publish(type, partition);
                    return false;
                });
    }

    private static void awaitReceived(Set<String> received, Set<String> expected, Duration timeout) {
        await().atMost(timeout)
                .untilAsserted(() -> assertThat(received).as("received").containsAll(expected));
    }

    private void publish(String type, int partition) throws Exception {
        publish(
                "k",
                "{\"id\":\"" + System.nanoTime() + "\",\"type\":\"" + type
                        + "\",\"occurred_at\":\"2026-11-21T10:00:00Z\",\"source\":\"test\",\"audience\":{\"user_ids\":[]},\"data\":{}}",
                partition);
    }

    private void publish(String key, String envelope, int partition) throws Exception {
        Properties config = new Properties();
        config.putAll(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                60_000,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class));
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            producer.send(new ProducerRecord<>(settings.topicName("test.events"), partition, key, envelope))
                    .get();
        }
    }
}
