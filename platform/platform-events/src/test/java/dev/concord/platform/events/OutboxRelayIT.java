package dev.concord.platform.events;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.infra.EmbeddedKafkaServer;
import dev.concord.platform.test.KafkaEvents;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestInfrastructure;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** The outbox against real PostgreSQL and Kafka: at commit, in order, never for a rollback, never lost. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {
            "spring.application.name=outbox-test",
            "concord.kafka.topic=test.events",
            "spring.flyway.locations=classpath:db/platform",
            "logging.level.org.apache.kafka=WARN",
            // No poll to fall back on: an event that arrives was sent because its commit woke the relay.
            "concord.kafka.relay-poll-millis=600000"
        })
@RealInfrastructure
class OutboxRelayIT {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {}

    record Note(String text) {}

    @Autowired
    Outbox outbox;

    @Autowired
    TransactionalOperator transactions;

    @Autowired
    DatabaseClient db;

    @Autowired
    ProcessedEvents processed;

    @Autowired
    OutboxRelay relay;

    @Autowired
    EventPublisher publisher;

    @Autowired
    EventSettings settings;

    @Autowired
    R2dbcProperties r2dbc;

    @Value("${concord.kafka.topic-prefix}")
    String prefix;

    @Value("${concord.test.database}")
    String database;

    KafkaEvents events;

    @BeforeEach
    void tail() {
        events = KafkaEvents.tail(TestInfrastructure.get().kafkaBootstrapServers(), prefix + "test.events");
    }

    @AfterEach
    void close() {
        events.close();
    }

    @Test
    void committedEventIsPublishedWithItsEnvelopeAndLeavesTheOutbox() {
        Snowflake user = Snowflake.of(41771983423143937L);

        append("NOTE_CREATE", "1", Audience.users(user), "hello").block();

        JsonNode event = events.awaitOne(e -> e.path("type").asString().equals("NOTE_CREATE"), ofSeconds(15));
        assertThat(event.path("id").asString()).matches("\\d+");
        assertThat(event.path("source").asString()).isEqualTo("outbox-test");
        assertThat(event.path("occurred_at").asString()).endsWith("Z");
        assertThat(event.path("audience").path("user_ids").get(0).asString()).isEqualTo(user.asString());
        assertThat(event.path("audience").has("guild_id")).isFalse();
        assertThat(event.path("data").path("text").asString()).isEqualTo("hello");
        awaitOutboxEmpty();
    }

    @Test
    void anotherInstancesCommitWakesTheRelayThroughTheDatabase() {
        // What another replica of the service does: its rows commit, its relay does not lead, it notifies.
        db.sql("INSERT INTO outbox (topic, event_key, payload) VALUES (:topic, 'elsewhere', :payload)")
                .bind("topic", prefix + "test.events")
                .bind("payload", envelope("NOTE_ELSEWHERE"))
                .then()
                .block();

        new OutboxWakeUps(db).committed();

        events.awaitOne(e -> e.path("type").asString().equals("NOTE_ELSEWHERE"), ofSeconds(15));
        awaitOutboxEmpty();
    }

    /** An envelope as another instance's outbox holds it. */
    private static String envelope(String type) {
        return "{\"id\": \"77\", \"type\": \"" + type + "\", \"occurred_at\": \"2026-11-26T00:00:00Z\","
                + " \"source\": \"outbox-test\", \"audience\": {\"user_ids\": [\"5\"]}, \"data\": {}}";
    }

    @Test
    void rolledBackChangePublishesNothing() {
        Mono<Void> failing = outbox.append(
                        new DomainEvent("NOTE_ROLLED_BACK", "2", Audience.users(Snowflake.of(2)), new Note("x")))
                .then(Mono.<Void>error(new IllegalStateException("the change failed")))
                .as(transactions::transactional);

        assertThat(failing.onErrorResume(IllegalStateException.class, e -> Mono.empty())
                        .block())
                .isNull();
        append("NOTE_AFTER", "2", Audience.users(Snowflake.of(2)), "after").block();

        events.awaitOne(e -> e.path("type").asString().equals("NOTE_AFTER"), ofSeconds(15));
        assertThat(events.all()).noneMatch(e -> e.path("type").asString().equals("NOTE_ROLLED_BACK"));
    }

    @Test
    void eventsOfOneKeyArriveInCommitOrder() {
        for (int i = 0; i < 40; i++) {
            append("NOTE_ORDERED", "ordered", Audience.users(Snowflake.of(3)), Integer.toString(i))
                    .block();
        }

        events.awaitOne(e -> e.path("data").path("text").asString().equals("39"), ofSeconds(20));
        List<String> texts = events.all().stream()
                .filter(e -> e.path("type").asString().equals("NOTE_ORDERED"))
                .map(e -> e.path("data").path("text").asString())
                .toList();
        assertThat(texts)
                .containsExactlyElementsOf(
                        IntStream.range(0, 40).mapToObj(Integer::toString).toList());
    }

    @Test
    void eventsAppendedTogetherArriveInListOrder() {
        List<DomainEvent> batch = IntStream.range(0, 30)
                .mapToObj(i -> new DomainEvent(
                        "NOTE_BATCH", "batch", Audience.users(Snowflake.of(4)), Map.of("text", "b" + i)))
                .toList();

        outbox.appendAll(batch).as(transactions::transactional).block();

        events.awaitOne(e -> e.path("data").path("text").asString().equals("b29"), ofSeconds(20));
        List<String> texts = events.all().stream()
                .filter(e -> e.path("type").asString().equals("NOTE_BATCH"))
                .map(e -> e.path("data").path("text").asString())
                .toList();
        assertThat(texts)
                .containsExactlyElementsOf(
                        IntStream.range(0, 30).mapToObj(i -> "b" + i).toList());
        assertThat(outbox.appendAll(List.of()).block()).isNull();
    }

    @Test
    void aSingleStatementRecordsItsEventOnlyForTheRowsItChanged() {
        Change<Integer> change = Change.of("SELECT 1 AS one WHERE :change", row -> row.get("one", Integer.class));

        long unchanged = outbox.appendForEachRow(
                        change.bind("change", false),
                        new DomainEvent("NOTE_UNCHANGED", "6", Audience.users(Snowflake.of(6)), Map.of("text", "no")))
                .count()
                .block();
        long changed = outbox.appendForEachRow(
                        change.bind("change", true),
                        new DomainEvent("NOTE_CHANGED", "6", Audience.users(Snowflake.of(6)), Map.of("text", "yes")))
                .count()
                .block();

        assertThat(unchanged).isZero();
        assertThat(changed).isEqualTo(1);
        JsonNode event = events.awaitOne(e -> e.path("type").asString().equals("NOTE_CHANGED"), ofSeconds(15));
        assertThat(event.path("data").path("text").asString()).isEqualTo("yes");
        assertThat(event.path("source").asString()).isEqualTo("outbox-test");
        assertThat(events.all()).noneMatch(e -> e.path("type").asString().equals("NOTE_UNCHANGED"));
        awaitOutboxEmpty();
    }

    @Test
    void eventsWrittenWhileKafkaIsDownArriveOnceItIsBack() {
        EmbeddedKafkaServer kafka = TestInfrastructure.get().kafka();
        kafka.stop();
        try {
            append("NOTE_DURING_OUTAGE", "4", Audience.users(Snowflake.of(4)), "kept")
                    .block();
            assertThat(outboxRows()).isEqualTo(1);
        } finally {
            kafka.start();
        }

        events.awaitOne(e -> e.path("type").asString().equals("NOTE_DURING_OUTAGE"), ofSeconds(60));
        events.awaitNone(e -> false, ofSeconds(2));
        assertThat(events.all().stream()
                        .filter(e -> e.path("type").asString().equals("NOTE_DURING_OUTAGE"))
                        .count())
                .isEqualTo(1);
        awaitOutboxEmpty();
    }

    @Test
    void aBatchWhosePublishNeverAnswersIsReadAgainAndItsEventStillGoesOut() {
        AtomicInteger publishes = new AtomicInteger();
        // The first publish never answers, as a query did that a driver bug left waiting forever.
        EventPublisher hangsOnce = new EventPublisher() {
            @Override
            public Mono<Void> publish(List<OutboundRecord> records) {
                return publishes.getAndIncrement() == 0 ? Mono.never() : publisher.publish(records);
            }

            @Override
            public void close() {}
        };
        OutboxRelay relayWithLimit = relayWith(hangsOnce, 100, 500);
        replacingTheRelay(relayWithLimit, () -> {
            append("NOTE_AFTER_A_HANG", "6", Audience.users(Snowflake.of(6)), "late")
                    .block();

            events.awaitOne(e -> e.path("type").asString().equals("NOTE_AFTER_A_HANG"), ofSeconds(15));
            assertThat(publishes).as("given up on once, then published").hasValueGreaterThanOrEqualTo(2);
            awaitOutboxEmpty();
        });
    }

    @Test
    void aReadLeftWithoutAnswerMakesTheRelayStartOverOnANewConnection() {
        OutboxRelay polling = relayWith(publisher, 100, settings.relayBatchTimeoutMillis());
        replacingTheRelay(polling, () -> {
            // The relay's reads wait behind the lock, as a read did that a driver race left without an answer.
            try (Connection locker = DriverManager.getConnection(
                    TestInfrastructure.get().postgresJdbcUrl(database),
                    TestInfrastructure.get().postgresUser(),
                    TestInfrastructure.get().postgresPassword())) {
                locker.setAutoCommit(false);
                locker.createStatement().execute("LOCK TABLE outbox IN ACCESS EXCLUSIVE MODE");
                await("the relay gave up on its read").atMost(ofSeconds(20)).until(() -> polling.toString()
                        .contains("reading the outbox: no answer"));
                locker.commit();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            append("NOTE_AFTER_A_SILENT_READ", "7", Audience.users(Snowflake.of(7)), "still")
                    .block();

            events.awaitOne(e -> e.path("type").asString().equals("NOTE_AFTER_A_SILENT_READ"), ofSeconds(15));
            awaitOutboxEmpty();
            assertThat(polling.toString())
                    .as("leading again, on a new connection")
                    .contains("leading for");
        });
    }

    /** A relay of this service's outbox polling every {@code pollMillis}, with {@code publisher}. */
    private OutboxRelay relayWith(EventPublisher publisher, long pollMillis, long batchTimeoutMillis) {
        EventSettings changed = new EventSettings(
                settings.bootstrapServers(),
                settings.topicPrefix(),
                settings.topic(),
                settings.source(),
                settings.relayBatchSize(),
                pollMillis,
                settings.relayPauseMillis(),
                batchTimeoutMillis,
                settings.consumerCommitMillis());
        return new OutboxRelay(
                EventsAutoConfiguration.OutboxConfiguration.listenerConnections(r2dbc),
                publisher,
                changed,
                new OutboxWakeUps(db));
    }

    /** Runs {@code test} with {@code replacement} relaying instead of the service's relay. */
    private void replacingTheRelay(OutboxRelay replacement, Runnable test) {
        relay.stop();
        replacement.start();
        try {
            test.run();
        } finally {
            replacement.stop();
            relay.start();
        }
    }

    @Test
    void processedEventsRunsAHandlerOncePerEventIdAndConsumer() {
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger otherRuns = new AtomicInteger();
        EventEnvelope envelope = new EventEnvelope(
                Snowflake.of(987654321L), "NOTE_CREATE", null, "test", Audience.users(Snowflake.of(5)), null);
        var once = processed.once("notes", Set.of("NOTE_CREATE"), event -> Mono.fromRunnable(runs::incrementAndGet));
        var otherConsumer = processed.once(
                "note-counts", Set.of("NOTE_CREATE"), event -> Mono.fromRunnable(otherRuns::incrementAndGet));

        once.apply(envelope).block();
        once.apply(envelope).block();
        otherConsumer.apply(envelope).block();

        assertThat(runs).hasValue(1);
        assertThat(otherRuns).hasValue(1);
        assertThat(processedRows(987654321L)).isEqualTo(2L);
    }

    @Test
    void processedEventsPassesOverOtherTypesWithoutRecordingThem() {
        AtomicInteger runs = new AtomicInteger();
        EventEnvelope other = new EventEnvelope(
                Snowflake.of(987654322L), "NOTE_TYPING", null, "test", Audience.users(Snowflake.of(5)), null);
        var once = processed.once("notes", Set.of("NOTE_CREATE"), event -> Mono.fromRunnable(runs::incrementAndGet));

        once.apply(other).block();

        assertThat(runs).hasValue(0);
        assertThat(processedRows(987654322L)).isZero();
    }

    private long processedRows(long eventId) {
        return db.sql("SELECT count(*) AS n FROM processed_events WHERE event_id = :id")
                .bind("id", eventId)
                .map(row -> row.get("n", Long.class))
                .one()
                .block();
    }

    private Mono<Void> append(String type, String key, Audience audience, String text) {
        return outbox.append(new DomainEvent(type, key, audience, Map.of("text", text)))
                .as(transactions::transactional);
    }

    private long outboxRows() {
        return db.sql("SELECT count(*) AS n FROM outbox")
                .map(row -> row.get("n", Long.class))
                .one()
                .block();
    }

    private void awaitOutboxEmpty() {
        await("the outbox emptied")
                .atMost(ofSeconds(10))
                .pollInterval(Duration.ofMillis(10))
                .untilAsserted(() -> assertThat(outboxRows()).isZero());
    }
}
