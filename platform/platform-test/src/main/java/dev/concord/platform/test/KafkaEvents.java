package dev.concord.platform.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Records what is published to one topic from the moment {@link #tail} returns, for assertions:
 * <pre>{@code
 * try (KafkaEvents events = KafkaEvents.tail(bootstrap, "t1.social.events")) {
 *     // act
 *     events.awaitOne(e -> e.path("type").asString().equals("USER_SETTINGS_UPDATE"), ofSeconds(10));
 * }
 * }</pre>
 * Values are parsed as JSON; a value that is not JSON becomes a string node holding the raw text,
 * a tombstone a null node. A background thread polls, so events keep arriving between assertions.
 */
public final class KafkaEvents implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration POLL = Duration.ofMillis(100);
    private static final int DESCRIBED_EVENTS = 20;

    private final String topic;
    private final String bootstrapServers;
    private final List<JsonNode> received = new ArrayList<>();
    private final KafkaConsumer<String, String> consumer;
    private final Thread poller;
    private volatile boolean closed;
    /** The last error a poll threw, and how many did: kept going past, and told with a failed wait. */
    private volatile @Nullable RuntimeException pollFailure;

    private volatile int pollFailures;
    /** Where the tail stood after its last poll, for a failed wait; replaced whole, so it is read in one piece. */
    private volatile Position position = new Position(Map.of(), 0, System.nanoTime());

    /** Per partition, the offset the next poll reads; how many polls so far, and when the last ended. */
    private record Position(Map<Integer, Long> offsets, long polls, long atNanos) {}

    private KafkaEvents(String topic, String bootstrapServers, KafkaConsumer<String, String> consumer) {
        this.topic = topic;
        this.bootstrapServers = bootstrapServers;
        this.consumer = consumer;
        this.poller = new Thread(this::pollUntilClosed, "kafka-events-" + topic);
        this.poller.setDaemon(true);
        this.poller.start();
    }

    /** Starts recording {@code topic} from its current end, creating the topic if it does not exist. */
    public static KafkaEvents tail(String bootstrapServers, String topic) {
        return new KafkaEvents(topic, bootstrapServers, KafkaTails.consumerAtEnd(bootstrapServers, topic));
    }

    public String topic() {
        return topic;
    }

    /** Waits until an event matches and returns the first match; fails after {@code timeout}. */
    public JsonNode awaitOne(Predicate<JsonNode> match, Duration timeout) {
        return awaitOne(match, timeout, () -> "");
    }

    /**
     * Like {@link #awaitOne(Predicate, Duration)}; a failure also tells {@code publisherState} (where the events
     * were to come from: a service's outbox, say) before the events it did receive.
     */
    public JsonNode awaitOne(Predicate<JsonNode> match, Duration timeout, Supplier<String> publisherState) {
        synchronized (received) {
            return firstMatch(match, timeout)
                    .orElseThrow(() -> new AssertionError("No matching event on " + topic + " within " + timeout + "; "
                            + describe(publisherState.get())));
        }
    }

    /** Fails as soon as an event matches; passes once {@code window} has elapsed without one. */
    public void awaitNone(Predicate<JsonNode> match, Duration window) {
        Optional<JsonNode> found = firstMatch(match, window);
        if (found.isPresent()) {
            throw new AssertionError("Unexpected event on " + topic + ": " + found.get());
        }
    }

    /** Everything received so far, in arrival order (per partition: in offset order). */
    public List<JsonNode> all() {
        synchronized (received) {
            return List.copyOf(received);
        }
    }

    @Override
    public void close() {
        closed = true;
        consumer.wakeup();
        try {
            poller.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void pollUntilClosed() {
        try (consumer) {
            while (!closed) {
                pollOnce();
            }
        } catch (WakeupException closing) {
            // close() interrupts a blocking poll this way; nothing to record.
        }
    }

    /**
     * One poll. An error other than close()'s wake-up (a broker slow to answer on a loaded machine, say) must
     * not end the thread: the tail would then hear nothing more for the rest of the test class.
     */
    private void pollOnce() {
        List<JsonNode> batch = new ArrayList<>();
        try {
            for (ConsumerRecord<String, String> record : consumer.poll(POLL)) {
                batch.add(parse(record.value()));
            }
        } catch (WakeupException closing) {
            throw closing;
        } catch (RuntimeException e) {
            pollFailure = e;
            pollFailures++;
            LockSupport.parkNanos(POLL.toNanos());
            return;
        }
        if (!batch.isEmpty()) {
            synchronized (received) {
                received.addAll(batch);
                received.notifyAll();
            }
        }
        try {
            notePositions();
        } catch (RuntimeException beingReset) {
            // A position the consumer is resetting is not known without a request; the next poll notes it.
        }
    }

    /** Positions the consumer already knows (no request): it resolved them all before the first poll. */
    private void notePositions() {
        Map<Integer, Long> now = new TreeMap<>();
        for (TopicPartition partition : consumer.assignment()) {
            now.put(partition.partition(), consumer.position(partition, Duration.ZERO));
        }
        position = new Position(now, position.polls() + 1, System.nanoTime());
    }

    /** The first received event matching, waiting up to {@code timeout} for one to arrive. */
    private Optional<JsonNode> firstMatch(Predicate<JsonNode> match, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (received) {
            while (true) {
                Optional<JsonNode> found = received.stream().filter(match).findFirst();
                long remainingMillis = (deadline - System.nanoTime()) / 1_000_000;
                if (found.isPresent() || remainingMillis <= 0) {
                    return found;
                }
                try {
                    received.wait(remainingMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while waiting for events on " + topic, e);
                }
            }
        }
    }

    /** Caller holds the lock on {@code received}. */
    private String describe(String publisherState) {
        RuntimeException failure = pollFailure;
        String failures =
                failure == null ? "" : " (" + pollFailures + " poll(s) failed, the last with " + failure + ")";
        String tail = tailState() + (publisherState.isEmpty() ? "" : "; " + publisherState);
        if (received.isEmpty()) {
            return "no events received" + failures + "; " + tail;
        }
        return received.size() + " event(s) received" + failures + "; " + tail + "; first "
                + Math.min(DESCRIBED_EVENTS, received.size()) + ":\n  "
                + received.stream()
                        .limit(DESCRIBED_EVENTS)
                        .map(KafkaEvents::abbreviate)
                        .collect(Collectors.joining("\n  "));
    }

    /**
     * Where the tail stands against the topic's end: an end past the tail's position means records were published
     * and not read; positions equal to the end mean nothing was published since the tail started.
     */
    private String tailState() {
        Position last = position;
        long sinceLastPoll = (System.nanoTime() - last.atNanos()) / 1_000_000;
        return "tail at " + last.offsets() + " after " + last.polls() + " polls (the last " + sinceLastPoll
                + " ms ago, poller "
                + poller.getState() + "), topic's end at " + KafkaTails.endOffsets(bootstrapServers, topic);
    }

    private static String abbreviate(JsonNode event) {
        String text = event.toString();
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }

    private static JsonNode parse(String value) {
        if (value == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        try {
            return JSON.readTree(value);
        } catch (JacksonException notJson) {
            return JsonNodeFactory.instance.stringNode(value);
        }
    }
}
