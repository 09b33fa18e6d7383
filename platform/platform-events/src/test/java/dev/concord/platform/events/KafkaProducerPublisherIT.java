package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Publishing from threads that must not block (the outbox relay runs on the database client's event loop,
 * presence-service on Redis's): these tests run under BlockHound, which fails any wait there.
 */
class KafkaProducerPublisherIT {

    @Test
    void theFirstPublishToATopicFromAnEventLoopDoesNotBlockIt() {
        // No broker listens there: the publish can only wait for the topic's metadata, which is the point.
        KafkaProducerPublisher publisher = new KafkaProducerPublisher("127.0.0.1:1");
        try {
            Throwable failure = Mono.defer(
                            () -> publisher.publish(List.of(new EventPublisher.OutboundRecord("t", "k", "v"))))
                    .subscribeOn(Schedulers.parallel())
                    .timeout(Duration.ofSeconds(2))
                    .then(Mono.<Throwable>empty())
                    .onErrorResume(Mono::just)
                    .block(Duration.ofSeconds(10));

            assertThat(failure)
                    .as("waiting for the broker, not failed by a blocking call")
                    .isInstanceOf(TimeoutException.class);
        } finally {
            publisher.close();
        }
    }

    @Test
    void concurrentPublishesFromEventLoopsAreAllAcknowledgedAndKeepTheirOrderPerKey() {
        String topic = "publisher-" + UUID.randomUUID();
        KafkaProducerPublisher publisher =
                new KafkaProducerPublisher(TestInfrastructure.get().kafkaBootstrapServers());
        try {
            // The first publish learns the topic (from a thread that may wait); the rest are sent inline.
            publish(publisher, topic, "warm-up", 0).block(Duration.ofSeconds(60));
            int publishes = 300;

            Flux.range(1, publishes)
                    .flatMap(i -> Mono.defer(() -> publish(publisher, topic, "k" + (i % 10), i))
                            .subscribeOn(Schedulers.parallel()))
                    .then()
                    .block(Duration.ofSeconds(60));

            Map<String, List<String>> byKey = consumeAll(topic, 2 * (publishes + 1));
            assertThat(byKey.values().stream().mapToInt(List::size).sum()).isEqualTo(2 * (publishes + 1));
            byKey.forEach((key, payloads) -> {
                for (int i = 0; i < payloads.size(); i += 2) {
                    String number = payloads.get(i).substring(0, payloads.get(i).indexOf(':'));
                    assertThat(payloads.subList(i, i + 2))
                            .as("a publish's records of one key, in its order")
                            .containsExactly(number + ":first", number + ":second");
                }
            });
        } finally {
            publisher.close();
        }
    }

    private static Mono<Void> publish(KafkaProducerPublisher publisher, String topic, String key, int number) {
        return publisher.publish(List.of(
                new EventPublisher.OutboundRecord(topic, key, number + ":first"),
                new EventPublisher.OutboundRecord(topic, key, number + ":second")));
    }

    private static Map<String, List<String>> consumeAll(String topic, int expected) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestInfrastructure.get().kafkaBootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "check-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class);
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int received = 0;
            while (received < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    byKey.computeIfAbsent(record.key(), key -> new ArrayList<>())
                            .add(record.value());
                    received++;
                }
            }
        }
        return byKey;
    }
}
