package dev.concord.presence.applications;

import static dev.concord.platform.events.EventTypes.APPLICATION_CREATE;
import static dev.concord.platform.events.EventTypes.APPLICATION_DELETE;
import static dev.concord.platform.events.EventTypes.APPLICATION_UPDATE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.ids.Snowflake;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The applications of identity.events, kept in {@code application_replica}: applied once per event from
 * the start of the log, an older event never overwriting a newer one. Answers the partial applications
 * presences and statistics name, and the game a launcher's package stands for.
 */
@Component
public final class ApplicationReplica extends EventConsumer {

    /** The events this consumer acts on; it passes over the rest of its topic without recording them. */
    static final Set<String> HANDLED = Set.of(APPLICATION_CREATE, APPLICATION_UPDATE, APPLICATION_DELETE);

    /** The fields of a partial application, as the platform's presence and statistics responses carry them. */
    static final List<String> PARTIAL_FIELDS =
            List.of("id", "name", "icon", "description", "type", "cover_image", "flags");

    private final EventSubscriber subscriber;
    private final ProcessedEvents processed;
    private final DatabaseClient db;
    private final JsonMapper mapper;
    private final String groupId;

    ApplicationReplica(
            EventSubscriber subscriber,
            ProcessedEvents processed,
            DatabaseClient db,
            JsonMapper mapper,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.processed = processed;
        this.db = db;
        this.mapper = mapper;
        this.groupId = serviceName + ".application-replica";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(
                groupId,
                List.of("identity.events"),
                EventSubscriber.StartFrom.EARLIEST,
                processed.once(groupId, HANDLED, this::apply));
    }

    Mono<Void> apply(EventEnvelope event) {
        JsonNode data = event.data();
        Snowflake id = Snowflake.parseOrNull(data.path("id").asString(""));
        if (id == null) {
            return Mono.empty();
        }
        if (APPLICATION_DELETE.equals(event.type())) {
            return db.sql("DELETE FROM application_replica WHERE id = :id")
                    .bind("id", id.value())
                    .then();
        }
        if (!APPLICATION_CREATE.equals(event.type()) && !APPLICATION_UPDATE.equals(event.type())) {
            return Mono.empty();
        }
        ObjectNode partial = mapper.createObjectNode();
        for (String field : PARTIAL_FIELDS) {
            partial.set(field, data.path(field).isMissingNode() ? mapper.nullNode() : data.get(field));
        }
        JsonNode skus =
                data.path("third_party_skus").isArray() ? data.get("third_party_skus") : mapper.createArrayNode();
        return db.sql("""
                        INSERT INTO application_replica (id, partial, third_party_skus, last_event_id)
                        VALUES (:id, CAST(:partial AS jsonb), CAST(:skus AS jsonb), :eventId)
                        ON CONFLICT (id) DO UPDATE SET partial = excluded.partial,
                            third_party_skus = excluded.third_party_skus, last_event_id = excluded.last_event_id
                        WHERE application_replica.last_event_id < excluded.last_event_id""")
                .bind("id", id.value())
                .bind("partial", partial.toString())
                .bind("skus", skus.toString())
                .bind("eventId", event.id().value())
                .then();
    }

    /** The partial applications of {@code ids} that are known, by id. */
    public Mono<Map<Snowflake, JsonNode>> partials(Collection<Snowflake> ids) {
        if (ids.isEmpty()) {
            return Mono.just(Map.of());
        }
        return db.sql("SELECT id, partial::text AS partial FROM application_replica WHERE id = ANY(:ids)")
                .bind("ids", ids.stream().map(Snowflake::value).distinct().toArray(Long[]::new))
                .map(row -> Map.entry(
                        Snowflake.of(row.get("id", Long.class)), mapper.readTree(row.get("partial", String.class))))
                .all()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (one, other) -> one));
    }

    /** The game a store lists under {@code sku} (an Android package, for the launcher), if any is known. */
    public Mono<Optional<JsonNode>> bySku(String distributor, String sku) {
        ObjectNode wanted =
                mapper.createObjectNode().put("distributor", distributor).put("sku", sku);
        return db.sql("""
                        SELECT partial::text AS partial FROM application_replica
                        WHERE third_party_skus @> CAST(:wanted AS jsonb) ORDER BY id LIMIT 1""")
                .bind("wanted", mapper.createArrayNode().add(wanted).toString())
                .map(row -> mapper.readTree(row.get("partial", String.class)))
                .one()
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty());
    }
}
