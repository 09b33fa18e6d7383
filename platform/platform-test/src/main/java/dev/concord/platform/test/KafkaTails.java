package dev.concord.platform.test;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Builds the group-less consumer behind {@link KafkaEvents}, positioned at the topic's end. */
final class KafkaTails {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration DIAGNOSIS_TIMEOUT = Duration.ofSeconds(5);

    private KafkaTails() {}

    static KafkaConsumer<String, String> consumerAtEnd(String bootstrapServers, String topic) {
        createIfMissing(bootstrapServers, topic);
        // No group: nothing is committed and nothing rebalances; every partition is assigned here.
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.CLIENT_ID_CONFIG,
                "kafka-events-" + topic,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class));
        try {
            List<TopicPartition> partitions = partitions(consumer, topic);
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            // seekToEnd is lazy; resolving positions now pins "the end" to this moment, not to the first poll.
            partitions.forEach(partition -> consumer.position(partition, TIMEOUT));
            return consumer;
        } catch (RuntimeException e) {
            consumer.close();
            throw e;
        }
    }

    /**
     * The offset after the last record of each of {@code topic}'s partitions, asked of the broker now: to tell a
     * failed wait whether anything was published at all. Answers the error instead of throwing it.
     */
    static String endOffsets(String bootstrapServers, String topic) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            TopicDescription description = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(DIAGNOSIS_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .get(topic);
            if (description == null) {
                return "unknown (no such topic)";
            }
            Map<TopicPartition, OffsetSpec> latest = description.partitions().stream()
                    .collect(Collectors.toMap(
                            partition -> new TopicPartition(topic, partition.partition()),
                            partition -> OffsetSpec.latest()));
            Map<Integer, Long> ends = new TreeMap<>();
            admin.listOffsets(latest)
                    .all()
                    .get(DIAGNOSIS_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .forEach((partition, info) -> ends.put(partition.partition(), info.offset()));
            return ends.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown (interrupted)";
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return "unknown (" + e + ")";
        }
    }

    private static void createIfMissing(String bootstrapServers, String topic) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            // Broker defaults for partitions and replication: the same as topic auto-creation gives.
            admin.createTopics(List.of(new NewTopic(topic, Optional.empty(), Optional.empty())))
                    .all()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("Could not create topic " + topic, e.getCause());
            }
        } catch (TimeoutException e) {
            throw new IllegalStateException("Timed out creating topic " + topic, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating topic " + topic, e);
        }
    }

    /** A just-created topic can take a moment to appear in the consumer's metadata. Asked on this thread: consumers are single-threaded. */
    private static List<TopicPartition> partitions(KafkaConsumer<String, String> consumer, String topic) {
        List<PartitionInfo> infos = await("partitions of topic " + topic)
                .atMost(TIMEOUT)
                .pollInterval(Duration.ofMillis(50))
                .pollInSameThread()
                .until(() -> consumer.partitionsFor(topic, TIMEOUT), found -> !found.isEmpty());
        return infos.stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
    }
}
