package dev.concord.platform.events;

import dev.concord.platform.ids.SnowflakeGenerator;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records events in the service's own database. Call it inside the transaction that makes the change:
 * the event is then published if and only if the change commits.
 */
public final class Outbox {

    private final DatabaseClient db;
    private final JsonMapper mapper;
    private final SnowflakeGenerator ids;
    private final Clock clock;
    private final EventSettings settings;
    private final String source;

    public Outbox(
            DatabaseClient db,
            JsonMapper mapper,
            SnowflakeGenerator ids,
            Clock clock,
            EventSettings settings,
            String applicationName) {
        if (settings.topic() == null || settings.topic().isBlank()) {
            throw new IllegalStateException("concord.kafka.topic is not set: the outbox needs this service's topic");
        }
        this.db = db;
        this.mapper = mapper;
        this.ids = ids;
        this.clock = clock;
        this.settings = settings;
        this.source = settings.source() != null ? settings.source() : applicationName;
    }

    public Mono<Void> append(DomainEvent event) {
        return Mono.fromCallable(() -> mapper.writeValueAsString(envelope(event)))
                .flatMap(payload -> db.sql(
                                "INSERT INTO outbox (topic, event_key, payload) VALUES (:topic, :key, :payload)")
                        .bind("topic", settings.topicName(settings.topic()))
                        .bind("key", event.key())
                        .bind("payload", payload)
                        .then());
    }

    /**
     * Records several events in one statement, in list order (a change that touches many rows, such as a
     * reorder, pays one round trip for its events, not one per row).
     */
    public Mono<Void> appendAll(List<DomainEvent> events) {
        if (events.isEmpty()) {
            return Mono.empty();
        }
        return Mono.fromCallable(() -> events.stream()
                        .map(event -> mapper.writeValueAsString(envelope(event)))
                        .toArray(String[]::new))
                .flatMap(payloads -> db.sql("""
                                INSERT INTO outbox (topic, event_key, payload)
                                SELECT :topic, e.event_key, e.payload
                                FROM unnest(:keys::text[], :payloads::text[]) WITH ORDINALITY AS e (event_key, payload, position)
                                ORDER BY e.position""")
                        .bind("topic", settings.topicName(settings.topic()))
                        .bind("keys", events.stream().map(DomainEvent::key).toArray(String[]::new))
                        .bind("payloads", payloads)
                        .then());
    }

    /**
     * The statement that records the event bound by {@link #bindEvent} once for each row {@code source}
     * yields, for a {@code WITH} clause of a change that is a single statement. That change then needs no
     * explicit transaction: a statement commits whole, so its event is recorded if and only if the change
     * is, and the caller pays one round trip instead of BEGIN, change, insert, COMMIT.
     *
     * <pre>{@code
     * WITH saved AS (UPDATE ... RETURNING ...),
     *      recorded AS (<insertForEachRowOf("saved")>)
     * SELECT ... FROM saved
     * }</pre>
     */
    public static String insertForEachRowOf(String source) {
        return "INSERT INTO outbox (topic, event_key, payload) SELECT :outbox_topic, :outbox_key, :outbox_payload FROM "
                + source;
    }

    /** Binds {@code event} to a statement that records it with {@link #insertForEachRowOf}. */
    public DatabaseClient.GenericExecuteSpec bindEvent(DatabaseClient.GenericExecuteSpec statement, DomainEvent event) {
        return statement
                .bind("outbox_topic", settings.topicName(settings.topic()))
                .bind("outbox_key", event.key())
                .bind("outbox_payload", mapper.writeValueAsString(envelope(event)));
    }

    private EventEnvelope envelope(DomainEvent event) {
        return new EventEnvelope(
                ids.next(),
                event.type(),
                OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC),
                source,
                event.audience(),
                mapper.valueToTree(event.data()));
    }
}
