package dev.concord.social.guilds;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@code guild_members} (who is in which guild) from guild.events, for what relationships need of
 * guilds: mutual guilds, and their size. A guild's creator arrives with GUILD_CREATE, joiners with
 * GUILD_MEMBER_ADD; GUILD_MEMBER_REMOVE and GUILD_DELETE (a leaver, or every member of a deleted guild,
 * by the event's audience) take them out.
 */
@Component
final class GuildMembershipReplica extends EventConsumer {

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
                groupId, List.of(TOPIC), EventSubscriber.StartFrom.EARLIEST, processed.once(groupId, this::apply));
    }

    Mono<Void> apply(EventEnvelope event) {
        JsonNode data = event.data();
        return switch (event.type()) {
            case GUILD_CREATE -> join(data.path("id"), event.audience().userIds());
            case GUILD_MEMBER_ADD ->
                join(
                        data.path("guild_id"),
                        List.of(Snowflake.parse(data.path("user").path("id").asString())));
            case GUILD_MEMBER_REMOVE ->
                leave(
                        data.path("guild_id"),
                        List.of(Snowflake.parse(data.path("user").path("id").asString())));
            // An outage (unavailable: true) is not a departure.
            case GUILD_DELETE ->
                data.path("unavailable").asBoolean(false)
                        ? Mono.empty()
                        : leave(data.path("id"), event.audience().userIds());
            default -> Mono.empty();
        };
    }

    private Mono<Void> join(JsonNode guild, List<Snowflake> users) {
        return users.isEmpty()
                ? Mono.empty()
                : db.sql("""
                        INSERT INTO guild_members (guild_id, user_id) SELECT :guild, u FROM unnest(:users::bigint[]) AS u
                        ON CONFLICT DO NOTHING""")
                        .bind("guild", Snowflake.parse(guild.asString()).value())
                        .bind("users", ids(users))
                        .then();
    }

    private Mono<Void> leave(JsonNode guild, List<Snowflake> users) {
        return users.isEmpty()
                ? Mono.empty()
                : db.sql("DELETE FROM guild_members WHERE guild_id = :guild AND user_id = ANY(:users)")
                        .bind("guild", Snowflake.parse(guild.asString()).value())
                        .bind("users", ids(users))
                        .then();
    }

    private static Long[] ids(List<Snowflake> users) {
        return users.stream().map(Snowflake::value).toArray(Long[]::new);
    }
}
