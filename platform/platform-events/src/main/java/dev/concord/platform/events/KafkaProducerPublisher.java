package dev.concord.platform.events;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * {@link EventPublisher} on the Kafka producer itself: idempotent, acks=all, order kept per key.
 *
 * <p>A record is handed to the producer on the caller's thread, an event loop most often: there the producer
 * only appends it to a batch, and its own I/O thread sends the batches and completes the publish once every
 * record is acknowledged. The producer never waits in {@code send} ({@code max.block.ms} 0): a record it
 * cannot take at once (no metadata for its topic yet, which it then fetches, or no room in its buffer while
 * Kafka is down or behind) is offered again a little later, for up to {@link #MAX_WAIT}, then the publish
 * fails. So a publish takes no thread hop at all: measured on presence-service's op 3, which publishes two
 * events, a fifth less CPU than reactor-kafka's sender behind a hop to a thread allowed to block.
 */
final class KafkaProducerPublisher implements EventPublisher {

    /** How long a publish waits for a topic's metadata or for room in the producer's buffer, then fails. */
    static final Duration MAX_WAIT = Duration.ofSeconds(10);

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    /** The producer's own figures {@link #toString()} tells: what it sent, retried and failed, and what waits. */
    private static final List<String> TOLD_METRICS = List.of(
            "record-send-total",
            "record-retry-total",
            "record-error-total",
            "requests-in-flight",
            "connection-count",
            "metadata-age",
            "buffer-available-bytes");

    private final KafkaProducer<String, String> producer;
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicLong refusedAtOnce = new AtomicLong();
    private volatile String lastRefusal = "none";

    KafkaProducerPublisher(String bootstrapServers) {
        this.producer = new KafkaProducer<>(config(bootstrapServers));
    }

    private static Map<String, Object> config(String bootstrapServers) {
        return Map.ofEntries(
                Map.entry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                Map.entry(ProducerConfig.ACKS_CONFIG, "all"),
                Map.entry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true),
                // Idempotence keeps order with up to 5 requests in flight per partition.
                Map.entry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5),
                // Batches fill by themselves under load (records wait while 5 requests are in flight); a
                // linger would only add its own delay to every event when there is little load.
                Map.entry(ProducerConfig.LINGER_MS_CONFIG, 0),
                // Give up on a batch after 30 s; the outbox relay keeps the rows and sends them again.
                Map.entry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000),
                Map.entry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                // Never wait in send (it runs on event loops): a record it cannot take at once is refused at
                // once, and offered again later (Publication).
                Map.entry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 0),
                Map.entry(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class),
                Map.entry(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
    }

    @Override
    public Mono<Void> publish(List<OutboundRecord> records) {
        if (records.isEmpty()) {
            return Mono.empty();
        }
        return Mono.<Void>create(sink -> new Publication(records, sink).sendFrom(0))
                .doOnSubscribe(subscription -> inProgress.incrementAndGet())
                .doFinally(signal -> inProgress.decrementAndGet());
    }

    /**
     * One publish: its records handed over in order; those the producer cannot take yet, and every one
     * after them, again a little later, until {@link #MAX_WAIT} has passed.
     */
    private final class Publication {

        private final List<OutboundRecord> records;
        private final MonoSink<Void> sink;
        private final AtomicInteger unacknowledged;
        private final long deadline = System.nanoTime() + MAX_WAIT.toNanos();
        private final Disposable.Swap retry = Disposables.swap();
        private int attempts;

        Publication(List<OutboundRecord> records, MonoSink<Void> sink) {
            this.records = records;
            this.sink = sink;
            this.unacknowledged = new AtomicInteger(records.size());
            sink.onDispose(retry);
        }

        void sendFrom(int first) {
            for (int i = first; i < records.size(); i++) {
                Exception refused = handOver(records.get(i));
                if (refused == null) {
                    continue;
                }
                refusedAtOnce.incrementAndGet();
                lastRefusal = refused.toString();
                if (refused instanceof TimeoutException && System.nanoTime() < deadline && !retry.isDisposed()) {
                    // No metadata for the topic yet, or no room in the buffer: the producer fetches the one
                    // and frees the other meanwhile.
                    int from = i;
                    retry.update(Mono.delay(backOff(attempts++)).subscribe(tick -> sendFrom(from)));
                } else {
                    sink.error(new EventPublishException(refused));
                }
                return;
            }
        }

        /** Hands the record to the producer; answers why it refused it at once, or null when it took it. */
        private @Nullable Exception handOver(OutboundRecord record) {
            Thread caller = Thread.currentThread();
            AtomicReference<@Nullable Exception> refusedAtOnce = new AtomicReference<>();
            AtomicBoolean handedOver = new AtomicBoolean();
            try {
                producer.send(
                        new ProducerRecord<>(record.topic(), record.key(), record.payload()), (metadata, failure) -> {
                            // The producer answers a record it refuses at once through this callback, on the caller's
                            // thread, before send returns; every other answer comes from its I/O thread.
                            if (failure != null && !handedOver.get() && Thread.currentThread() == caller) {
                                refusedAtOnce.set(failure);
                            } else {
                                acknowledged(failure);
                            }
                        });
            } catch (RuntimeException closedOrBroken) {
                return closedOrBroken;
            } finally {
                handedOver.set(true);
            }
            return refusedAtOnce.get();
        }

        private void acknowledged(@Nullable Exception failure) {
            if (failure != null) {
                sink.error(new EventPublishException(failure));
            } else if (unacknowledged.decrementAndGet() == 0) {
                sink.success();
            }
        }
    }

    private static Duration backOff(int attempt) {
        return Duration.ofMillis(Math.min(500, 10L << Math.min(attempt, 6)));
    }

    /** Publishes under way, records refused at once, and the producer's own figures. */
    @Override
    public String toString() {
        String figures = producer.metrics().entrySet().stream()
                .filter(metric -> metric.getKey().group().equals("producer-metrics")
                        && TOLD_METRICS.contains(metric.getKey().name()))
                .map(metric -> metric.getKey().name() + "=" + metric.getValue().metricValue())
                .sorted()
                .collect(Collectors.joining(", "));
        return "KafkaProducerPublisher[" + inProgress.get() + " publishes under way, " + refusedAtOnce.get()
                + " records refused at once (the last: " + lastRefusal + "); " + figures + "]";
    }

    @Override
    public void close() {
        producer.close(CLOSE_TIMEOUT);
    }

    static final class EventPublishException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EventPublishException(Throwable cause) {
            super("event not acknowledged", cause);
        }
    }
}
