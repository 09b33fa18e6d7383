package dev.concord.platform.events;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.kafka.receiver.KafkaReceiver;
import reactor.kafka.receiver.ReceiverOptions;
import reactor.kafka.receiver.ReceiverPartition;
import reactor.kafka.receiver.ReceiverRecord;
import reactor.util.retry.Retry;
import reactor.util.retry.RetryBackoffSpec;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/** {@link EventSubscriber} on reactor-kafka: handle, then acknowledge, one event (or one batch) after another, in order. */
final class ReactorKafkaSubscriber implements EventSubscriber {

    private static final Logger log = LoggerFactory.getLogger(ReactorKafkaSubscriber.class);

    private final EventSettings settings;
    private final JsonMapper mapper;

    ReactorKafkaSubscriber(EventSettings settings, JsonMapper mapper) {
        this.settings = settings;
        this.mapper = mapper;
    }

    /** A batch hands over at most this many events ... */
    static final int BATCH_SIZE = 256;
    /** ... and waits at most this long for more once it has one. */
    static final Duration BATCH_WAIT = Duration.ofMillis(5);

    /** How often a failing handler is tried again, and how soon (one spec for all: it is immutable). */
    private static final RetryBackoffSpec HANDLER_RETRIES = Retry.backoff(5, Duration.ofMillis(100));

    /**
     * How long an idle consumer's poll and its fetch at the broker wait for a record before they are asked
     * again. A record ends either wait at once, so this costs no latency; it sets what the 25-odd idle
     * consumers of a stack cost (at Kafka's defaults, 100 ms polls and 500 ms fetches, they and the broker's
     * answers took a fifth of two cores). What waits behind a poll on the receiver's thread (a commit,
     * {@link Subscription#caughtUp}) may wait this long.
     */
    static final Duration IDLE_WAIT = Duration.ofSeconds(1);

    @Override
    public Subscription subscribe(
            String groupId, List<String> topics, StartFrom startFrom, Function<EventEnvelope, Mono<Void>> handler) {
        Positions positions = new Positions(startFrom, null);
        return receive(groupId, topics, offsetReset(startFrom), positions, oneByOne(this::read, handler, positions));
    }

    @Override
    public Subscription subscribeSummaries(
            String groupId, List<String> topics, StartFrom startFrom, Function<EventSummary, Mono<Void>> handler) {
        Positions positions = new Positions(startFrom, null);
        return receive(groupId, topics, offsetReset(startFrom), positions, oneByOne(this::summary, handler, positions));
    }

    @Override
    public Subscription subscribeBatches(
            String groupId,
            List<String> topics,
            StartFrom startFrom,
            Function<List<EventEnvelope>, Mono<Void>> handler) {
        Positions positions = new Positions(startFrom, null);
        return receive(groupId, topics, offsetReset(startFrom), positions, records -> records.bufferTimeout(
                        BATCH_SIZE, BATCH_WAIT, true)
                .concatMap(batch -> handleBatch(batch, handler)
                        .doOnSuccess(done -> batch.forEach(record -> {
                            record.receiverOffset().acknowledge();
                            positions.handled(record);
                        }))));
    }

    @Override
    public Subscription takeOver(
            String groupId, List<String> topics, Instant notBefore, Function<EventEnvelope, Mono<Void>> handler) {
        Positions positions = new Positions(StartFrom.LATEST, notBefore);
        // "none": a partition without a committed offset fails its position, and is then sought by time.
        return receive(groupId, topics, "none", positions, oneByOne(this::read, handler, positions));
    }

    private static String offsetReset(StartFrom startFrom) {
        return startFrom.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Each record handled, then acknowledged, not committed: the receiver commits acknowledged offsets
     * every commitInterval in the background. Waiting for each commit instead would hold every event
     * behind the previous one's commit, up to commitInterval apiece.
     */
    private <T> Function<Flux<ReceiverRecord<String, String>>, Flux<Void>> oneByOne(
            Function<ReceiverRecord<String, String>, @Nullable T> reader,
            Function<T, Mono<Void>> handler,
            Positions positions) {
        return records -> records.concatMap(record -> {
            Mono<Void> handling = handle(record, reader, handler);
            if (handling == Mono.<Void>empty()) {
                handled(record, positions);
                return handling;
            }
            return handling.doOnSuccess(done -> handled(record, positions));
        });
    }

    private static void handled(ReceiverRecord<String, String> record, Positions positions) {
        record.receiverOffset().acknowledge();
        positions.handled(record);
    }

    private Subscription receive(
            String groupId,
            List<String> topics,
            String offsetReset,
            Positions positions,
            Function<Flux<ReceiverRecord<String, String>>, Flux<Void>> handling) {
        Map<String, Object> config = Map.ofEntries(
                // A dead consumer leaves its group after 6 s (the broker's least) instead of 45: until then
                // whoever takes its group over (a gateway adopting a dead instance's sessions) waits.
                Map.entry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 6_000),
                Map.entry(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 2_000),
                // What an idle consumer costs (IDLE_WAIT): the broker answers a fetch as soon as a record comes,
                // so the wait bounds only how often an empty one is asked for again. (retry.backoff.ms stays at its
                // 100 ms although the heartbeat thread wakes that often: it also paces a new consumer's metadata
                // retries for a topic being created, and at 500 ms instance listeners starting at the latest
                // offset found their partitions after the first events and missed them, in CI.)
                Map.entry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int) IDLE_WAIT.toMillis()),
                Map.entry(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers()),
                Map.entry(ConsumerConfig.GROUP_ID_CONFIG, settings.topicPrefix() + groupId),
                Map.entry(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, offsetReset),
                Map.entry(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                Map.entry(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class),
                Map.entry(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
        List<String> names = topics.stream().map(settings::topicName).toList();
        ReceiverOptions<String, String> options = ReceiverOptions.<String, String>create(config)
                .subscription(names)
                // A poll returns as soon as records come; its timeout only paces the loop when none do.
                .pollTimeout(IDLE_WAIT)
                .addAssignListener(positions::onAssigned)
                .commitInterval(Duration.ofMillis(settings.consumerCommitMillis()));
        KafkaReceiver<String, String> receiver = KafkaReceiver.create(options);
        Disposable running = receiver.receive()
                .transform(handling)
                .retryWhen(Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(200))
                        .maxBackoff(Duration.ofSeconds(5))
                        .doBeforeRetry(signal -> log.warn(
                                "event consumer {} restarting: {}",
                                groupId,
                                signal.failure().toString())))
                .subscribe();
        return new KafkaSubscription(running, receiver, positions);
    }

    private record KafkaSubscription(Disposable running, KafkaReceiver<String, String> receiver, Positions positions)
            implements Subscription {

        private static final Duration CHECK_EVERY = Duration.ofMillis(10);

        @Override
        public Mono<Void> caughtUp() {
            return receiver.doOnConsumer(consumer -> consumer.endOffsets(consumer.assignment()))
                    // The receiver wakes its consumer up to hand records over; the look-up is then asked again.
                    .retryWhen(Retry.fixedDelay(50, Duration.ofMillis(20))
                            .filter(failure -> failure instanceof WakeupException))
                    .flatMap(ends -> Flux.interval(Duration.ZERO, CHECK_EVERY)
                            .filter(tick -> positions.reached(ends))
                            .next())
                    .then();
        }

        @Override
        public void dispose() {
            running.dispose();
        }

        @Override
        public boolean isDisposed() {
            return running.isDisposed();
        }
    }

    /**
     * Where this consumer is in each partition, kept in memory. A broker restart or rebalance hands
     * partitions back; a partition with no committed offset (nothing consumed there yet) would then be
     * reset by {@code auto.offset.reset} — for LATEST, past every event published while the group was
     * re-forming. Seeking back to the remembered position loses none of them.
     */
    private static final class Positions {
        private final StartFrom startFrom;
        private final @Nullable Instant notBefore;
        private final Map<TopicPartition, Long> next = new ConcurrentHashMap<>();

        /** {@code notBefore}: a group taken over, which goes on from its commits, else from that time. */
        Positions(StartFrom startFrom, @Nullable Instant notBefore) {
            this.startFrom = startFrom;
            this.notBefore = notBefore;
        }

        void onAssigned(Collection<ReceiverPartition> partitions) {
            if (notBefore != null) {
                seekCommittedOrSince(partitions, notBefore);
            }
            for (ReceiverPartition partition : partitions) {
                Long known = next.get(partition.topicPartition());
                if (known != null) {
                    partition.seek(known);
                } else if (startFrom == StartFrom.LATEST) {
                    partition.seekToEnd();
                    next.put(partition.topicPartition(), partition.position());
                }
            }
        }

        /**
         * Positions a taken-over group: committed offsets where it has them; elsewhere (asking for a position
         * there fails, as the group resets to "none") the first offset at or after {@code notBefore}.
         */
        private void seekCommittedOrSince(Collection<ReceiverPartition> partitions, Instant notBefore) {
            Map<TopicPartition, ReceiverPartition> unknown = new HashMap<>();
            for (ReceiverPartition partition : partitions) {
                if (!next.containsKey(partition.topicPartition())) {
                    unknown.put(partition.topicPartition(), partition);
                }
            }
            for (ReceiverPartition partition : unknown.values()) {
                // One position asked for resolves them all, and names every partition without a commit.
                try {
                    next.put(partition.topicPartition(), partition.position());
                } catch (InvalidOffsetException nothingCommitted) {
                    for (TopicPartition without : nothingCommitted.partitions()) {
                        ReceiverPartition bare = unknown.get(without);
                        if (bare != null) {
                            bare.seekToTimestamp(notBefore.toEpochMilli());
                        }
                    }
                    next.put(partition.topicPartition(), partition.position());
                }
            }
        }

        /** Whether every partition was handled up to its end offset in {@code ends}. */
        boolean reached(Map<TopicPartition, Long> ends) {
            for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
                Long handled = next.get(end.getKey());
                if (end.getValue() > 0 && (handled == null || handled < end.getValue())) {
                    return false;
                }
            }
            return true;
        }

        void handled(ReceiverRecord<String, String> record) {
            next.put(new TopicPartition(record.topic(), record.partition()), record.offset() + 1);
        }
    }

    private <T> Mono<Void> handle(
            ReceiverRecord<String, String> record,
            Function<ReceiverRecord<String, String>, @Nullable T> reader,
            Function<T, Mono<Void>> handler) {
        T event = reader.apply(record);
        if (event == null) {
            return Mono.empty();
        }
        // Called here, in the record's turn (concatMap maps a record once the one before it is handled), so that
        // what most handlers answer for most of their topic's types, Mono.empty() at once, goes back as it is:
        // nothing to retry, so no retry and no description are built around it for every such record.
        Mono<Void> handling = applied(handler, event);
        if (handling == Mono.<Void>empty()) {
            return handling;
        }
        // The first attempt is what the handler answered; a retry asks it again.
        AtomicReference<@Nullable Mono<Void>> firstAttempt = new AtomicReference<>(handling);
        return retried(
                Mono.defer(() -> {
                    Mono<Void> first = firstAttempt.getAndSet(null);
                    return first != null ? first : applied(handler, event);
                }),
                () -> "the event at " + record.topic() + "-" + record.partition() + "@" + record.offset());
    }

    /**
     * What {@code handler} answers for {@code input}; a handler that throws answers what it threw, as inside
     * {@code Mono.defer} (but for what no JVM survives).
     */
    private static <T> Mono<Void> applied(Function<T, Mono<Void>> handler, T input) {
        try {
            return handler.apply(input);
        } catch (Throwable thrown) {
            Exceptions.throwIfJvmFatal(thrown);
            return Mono.error(thrown);
        }
    }

    private Mono<Void> handleBatch(
            List<ReceiverRecord<String, String>> records, Function<List<EventEnvelope>, Mono<Void>> handler) {
        List<EventEnvelope> envelopes = new ArrayList<>(records.size());
        for (ReceiverRecord<String, String> record : records) {
            EventEnvelope envelope = read(record);
            if (envelope != null) {
                envelopes.add(envelope);
            }
        }
        if (envelopes.isEmpty()) {
            return Mono.empty();
        }
        return retried(
                Mono.defer(() -> handler.apply(envelopes)),
                () -> "the " + envelopes.size() + " events from "
                        + envelopes.get(0).id());
    }

    /** The record's event; null (logged, skipped) for one that will never become readable. */
    private @Nullable EventEnvelope read(ReceiverRecord<String, String> record) {
        try {
            return mapper.readValue(record.value(), EventEnvelope.class);
        } catch (RuntimeException e) {
            // Skipped rather than left to block the partition.
            log.error("skipping unreadable event at {}-{}@{}", record.topic(), record.partition(), record.offset());
            return null;
        }
    }

    /**
     * The record's type and key, reading its envelope's fields only until {@code type} (the second as
     * {@link Outbox} writes it) and never building its data; null (logged, skipped) for one without a type.
     */
    private @Nullable EventSummary summary(ReceiverRecord<String, String> record) {
        try (JsonParser parser = mapper.createParser(record.value())) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                for (String field = parser.nextName(); field != null; field = parser.nextName()) {
                    parser.nextToken();
                    if ("type".equals(field) && parser.currentToken() == JsonToken.VALUE_STRING) {
                        return new EventSummary(parser.getString(), record.key() == null ? "" : record.key());
                    }
                    parser.skipChildren();
                }
            }
        } catch (RuntimeException e) {
            // Reported below, as an event without a type.
        }
        log.error("skipping unreadable event at {}-{}@{}", record.topic(), record.partition(), record.offset());
        return null;
    }

    /** A failing handler retried a few times, then logged and passed over: the stream never stops on it. */
    private static Mono<Void> retried(Mono<Void> handling, Supplier<String> what) {
        return handling.doOnError(failure -> log.warn("handling {} failed: {}", what.get(), failure.toString()))
                .retryWhen(HANDLER_RETRIES)
                .onErrorResume(e -> {
                    log.error("giving up on {}", what.get(), e);
                    return Mono.empty();
                });
    }
}
