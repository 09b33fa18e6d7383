package dev.concord.platform.users;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.events.payload.UserPayload;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Applies USER_CREATE and USER_UPDATE from identity.events to the replica, once per event, and never
 * lets an older event overwrite a newer one.
 */
public final class UserReplicaUpdater extends EventConsumer {

    /** The events this consumer acts on; it passes over the rest of its topic without recording them. */
    static final Set<String> HANDLED = Set.of(USER_CREATE, USER_UPDATE);

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
                groupId,
                List.of(TOPIC),
                EventSubscriber.StartFrom.EARLIEST,
                processed.once(groupId, HANDLED, this::apply));
    }

    Mono<Void> apply(EventEnvelope event) {
        Optional<PartialUser> replicated = replicated(event);
        if (replicated.isEmpty()) {
            return Mono.empty();
        }
        PartialUser user = replicated.get();
        DatabaseClient.GenericExecuteSpec upsert = db.sql("""
                        INSERT INTO user_replica (id, username, discriminator, global_name, avatar, public_flags, bot, last_event_id)
                        VALUES (:id, :username, :discriminator, :globalName, :avatar, :publicFlags, :bot, :eventId)
                        ON CONFLICT (id) DO UPDATE SET
                            username = excluded.username, discriminator = excluded.discriminator,
                            global_name = excluded.global_name, avatar = excluded.avatar,
                            public_flags = excluded.public_flags, bot = excluded.bot, last_event_id = excluded.last_event_id
                        WHERE user_replica.last_event_id < excluded.last_event_id
                        """)
                .bind("id", user.id().value())
                .bind("username", user.username())
                .bind("discriminator", user.discriminator())
                .bind("publicFlags", (int) user.publicFlags())
                .bind("bot", user.bot())
                .bind("eventId", event.id().value());
        upsert = bindText(upsert, "globalName", user.globalName());
        upsert = bindText(upsert, "avatar", user.avatar());
        return upsert.then();
    }

    /**
     * The user of a USER_CREATE or USER_UPDATE as a replica keeps it; empty for any other event. A user
     * without a readable id fails the event: retried, then logged and skipped by the subscriber.
     */
    static Optional<PartialUser> replicated(EventEnvelope event) {
        if (!USER_CREATE.equals(event.type()) && !USER_UPDATE.equals(event.type())) {
            return Optional.empty();
        }
        UserPayload user = EventPayloads.read(event, UserPayload.class)
                .orElseThrow(() -> new IllegalArgumentException("unreadable user in event " + event.id()));
        Snowflake id = user.id();
        if (id == null) {
            throw new IllegalArgumentException("unreadable user in event " + event.id());
        }
        return Optional.of(new PartialUser(
                id,
                user.username() != null ? user.username() : "",
                user.discriminator() != null ? user.discriminator() : "0",
                user.globalName(),
                user.avatar(),
                user.publicFlags() != null ? user.publicFlags() : 0,
                Boolean.TRUE.equals(user.bot())));
    }

    private static DatabaseClient.GenericExecuteSpec bindText(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable String value) {
        return value != null ? spec.bind(name, value) : spec.bindNull(name, String.class);
    }
}
