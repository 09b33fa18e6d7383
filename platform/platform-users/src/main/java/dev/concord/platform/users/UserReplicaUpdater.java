package dev.concord.platform.users;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.ProcessedEvents;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Applies USER_CREATE and USER_UPDATE from identity.events to the replica, once per event, and never
 * lets an older event overwrite a newer one.
 */
public final class UserReplicaUpdater extends EventConsumer {

    static final String TOPIC = "identity.events";

    private final EventSubscriber subscriber;
    private final ProcessedEvents processed;
    private final DatabaseClient db;
    private final String groupId;

    public UserReplicaUpdater(
            EventSubscriber subscriber, ProcessedEvents processed, DatabaseClient db, String serviceName) {
        this.subscriber = subscriber;
        this.processed = processed;
        this.db = db;
        this.groupId = serviceName + ".user-replica";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(
                groupId, List.of(TOPIC), EventSubscriber.StartFrom.EARLIEST, processed.once(groupId, this::apply));
    }

    Mono<Void> apply(EventEnvelope event) {
        if (!USER_CREATE.equals(event.type()) && !USER_UPDATE.equals(event.type())) {
            return Mono.empty();
        }
        JsonNode user = event.data();
        DatabaseClient.GenericExecuteSpec upsert = db.sql("""
                        INSERT INTO user_replica (id, username, discriminator, global_name, avatar, public_flags, bot, last_event_id)
                        VALUES (:id, :username, :discriminator, :globalName, :avatar, :publicFlags, :bot, :eventId)
                        ON CONFLICT (id) DO UPDATE SET
                            username = excluded.username, discriminator = excluded.discriminator,
                            global_name = excluded.global_name, avatar = excluded.avatar,
                            public_flags = excluded.public_flags, bot = excluded.bot, last_event_id = excluded.last_event_id
                        WHERE user_replica.last_event_id < excluded.last_event_id
                        """)
                .bind("id", Long.parseLong(user.path("id").asString()))
                .bind("username", user.path("username").asString())
                .bind("discriminator", user.path("discriminator").asString("0"))
                .bind("publicFlags", user.path("public_flags").asInt(0))
                .bind("bot", user.path("bot").asBoolean(false))
                .bind("eventId", event.id().value());
        upsert = bindText(upsert, "globalName", user.path("global_name"));
        upsert = bindText(upsert, "avatar", user.path("avatar"));
        return upsert.then();
    }

    private static DatabaseClient.GenericExecuteSpec bindText(
            DatabaseClient.GenericExecuteSpec spec, String name, JsonNode value) {
        return value.isString() ? spec.bind(name, value.asString()) : spec.bindNull(name, String.class);
    }
}
