package dev.concord.guild.emojis;

import static dev.concord.platform.events.EventTypes.APPLICATION_CREATE;
import static dev.concord.platform.events.EventTypes.APPLICATION_DELETE;
import static dev.concord.platform.events.EventTypes.APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE;
import static dev.concord.platform.events.EventTypes.APPLICATION_UPDATE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.postgresql.codec.Json;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Each application's owner, name and role connection metadata, from identity.events
 * ({@code application_owners}), an older event never overwriting a newer one; a deleted application takes
 * its emoji and their images with it.
 */
@Component
final class ApplicationOwners extends EventConsumer {

    /** The events this consumer acts on; it passes over the rest of its topic without recording them. */
    static final Set<String> HANDLED = Set.of(
            APPLICATION_CREATE, APPLICATION_UPDATE, APPLICATION_DELETE, APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE);

    private final EventSubscriber subscriber;
    private final ProcessedEvents processed;
    private final DatabaseClient db;
    private final EmojiStore emojis;
    private final EmojiFiles files;
    private final String groupId;

    ApplicationOwners(
            EventSubscriber subscriber,
            ProcessedEvents processed,
            DatabaseClient db,
            EmojiStore emojis,
            EmojiFiles files,
            @Value("${spring.application.name:guild-service}") String serviceName) {
        this.subscriber = subscriber;
        this.processed = processed;
        this.db = db;
        this.emojis = emojis;
        this.files = files;
        this.groupId = serviceName + ".application-owners";
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
        Snowflake id = Snowflake.parseOrNull(event.data().path("id").asString(""));
        if (id == null) {
            return Mono.empty();
        }
        if (APPLICATION_DELETE.equals(event.type())) {
            return db.sql("DELETE FROM application_owners WHERE id = :id")
                    .bind("id", id.value())
                    .then()
                    .then(emojis.deleteOfApplication(id)
                            .concatMap(files::remove)
                            .then());
        }
        if (APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE.equals(event.type())) {
            // After the application's APPLICATION_CREATE: one application's events share a partition.
            return db.sql("UPDATE application_owners SET role_connections_metadata = :metadata WHERE id = :id")
                    .bind(
                            "metadata",
                            Json.of(event.data()
                                    .path("role_connections_metadata")
                                    .toString()))
                    .bind("id", id.value())
                    .then();
        }
        Snowflake owner =
                Snowflake.parseOrNull(event.data().path("owner").path("id").asString(""));
        if (owner == null || (!APPLICATION_CREATE.equals(event.type()) && !APPLICATION_UPDATE.equals(event.type()))) {
            return Mono.empty();
        }
        return db.sql("""
                        INSERT INTO application_owners (id, owner_id, name, last_event_id) VALUES (:id, :owner, :name, :eventId)
                        ON CONFLICT (id) DO UPDATE SET owner_id = excluded.owner_id, name = excluded.name,
                            last_event_id = excluded.last_event_id
                        WHERE application_owners.last_event_id < excluded.last_event_id""")
                .bind("id", id.value())
                .bind("owner", owner.value())
                .bind("name", event.data().path("name").asString(""))
                .bind("eventId", event.id().value())
                .then();
    }

    /** The application's name; empty when the application is not known (yet). */
    Mono<String> nameOf(Snowflake applicationId) {
        return db.sql("SELECT name FROM application_owners WHERE id = :id")
                .bind("id", applicationId.value())
                .map(row -> row.get("name", String.class))
                .one();
    }

    /** The application's owner; empty when the application is not known (yet). */
    Mono<Snowflake> ownerOf(Snowflake applicationId) {
        return db.sql("SELECT owner_id FROM application_owners WHERE id = :id")
                .bind("id", applicationId.value())
                .map(row -> Snowflake.of(row.get("owner_id", Long.class)))
                .one();
    }
}
