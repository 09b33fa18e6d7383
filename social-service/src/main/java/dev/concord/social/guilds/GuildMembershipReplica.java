package dev.concord.social.guilds;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.events.payload.GuildMemberPayload;
import dev.concord.platform.events.payload.GuildPayload;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Keeps {@code guild_members} (who is in which guild) from guild.events, for what relationships need of
 * guilds: mutual guilds, and their size. A guild's creator arrives with GUILD_CREATE, joiners with
 * GUILD_MEMBER_ADD; GUILD_MEMBER_REMOVE and GUILD_DELETE (a leaver, or every member of a deleted guild,
 * by the event's audience) take them out.
 */
@Component
final class GuildMembershipReplica extends EventConsumer {

    /** The events this consumer acts on; it passes over the rest of its topic without recording them. */
    static final Set<String> HANDLED = Set.of(GUILD_CREATE, GUILD_MEMBER_ADD, GUILD_MEMBER_REMOVE, GUILD_DELETE);

    static final String TOPIC = "guild.events";

    private final EventSubscriber subscriber;
    private final ProcessedEvents processed;
    private final DatabaseClient db;
    private final String groupId;

    GuildMembershipReplica(
            EventSubscriber subscriber,
            ProcessedEvents processed,
            DatabaseClient db,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.processed = processed;
        this.db = db;
        this.groupId = serviceName + ".guild-members";
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
        return switch (event.type()) {
            case GUILD_CREATE -> join(guildId(event), addressees(event));
            case GUILD_MEMBER_ADD -> join(membership(event));
            case GUILD_MEMBER_REMOVE -> leave(membership(event));
            // An outage (unavailable: true) is not a departure.
            case GUILD_DELETE -> guild(event).isOutage() ? Mono.empty() : leave(guildId(event), addressees(event));
            default -> Mono.empty();
        };
    }

    /** One user joining or leaving one guild. */
    private record Membership(Snowflake guild, Snowflake user) {}

    private static GuildPayload guild(EventEnvelope event) {
        return EventPayloads.read(event, GuildPayload.class).orElseThrow(() -> unreadable(event));
    }

    /** The guild the event is; an event without its id fails (retried, then logged and skipped). */
    private static Snowflake guildId(EventEnvelope event) {
        return required(guild(event).id(), event);
    }

    /** The member the event is about; an event without both ids fails like one without a guild id. */
    private static Membership membership(EventEnvelope event) {
        GuildMemberPayload member =
                EventPayloads.read(event, GuildMemberPayload.class).orElseThrow(() -> unreadable(event));
        return new Membership(required(member.guildId(), event), required(member.userId(), event));
    }

    private static Snowflake required(@Nullable Snowflake id, EventEnvelope event) {
        if (id == null) {
            throw unreadable(event);
        }
        return id;
    }

    private static IllegalArgumentException unreadable(EventEnvelope event) {
        return new IllegalArgumentException("unreadable " + event.type() + " event " + event.id());
    }

    private Mono<Void> join(Membership membership) {
        return join(membership.guild(), List.of(membership.user()));
    }

    private Mono<Void> leave(Membership membership) {
        return leave(membership.guild(), List.of(membership.user()));
    }

    private Mono<Void> join(Snowflake guild, List<Snowflake> users) {
        return users.isEmpty()
                ? Mono.empty()
                : db.sql("""
                        INSERT INTO guild_members (guild_id, user_id) SELECT :guild, u FROM unnest(:users::bigint[]) AS u
                        ON CONFLICT DO NOTHING""")
                        .bind("guild", guild.value())
                        .bind("users", ids(users))
                        .then();
    }

    private Mono<Void> leave(Snowflake guild, List<Snowflake> users) {
        return users.isEmpty()
                ? Mono.empty()
                : db.sql("DELETE FROM guild_members WHERE guild_id = :guild AND user_id = ANY(:users)")
                        .bind("guild", guild.value())
                        .bind("users", ids(users))
                        .then();
    }

    /** GUILD_CREATE and GUILD_DELETE are addressed to the users who joined or left. */
    private static List<Snowflake> addressees(EventEnvelope event) {
        return Objects.requireNonNull(event.audience().userIds(), "not addressed to users");
    }

    private static Long[] ids(List<Snowflake> users) {
        return users.stream().map(Snowflake::value).toArray(Long[]::new);
    }
}
