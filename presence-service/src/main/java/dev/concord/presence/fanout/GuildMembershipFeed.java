package dev.concord.presence.fanout;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.payload.GuildMemberPayload;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Keeps what Redis holds of guild membership true as members come and go: the user's guilds are asked
 * anew, a leaver's presence leaves the guild's, and a joiner who is not offline is shown to the guild's
 * bots. One consumer group for the service: Redis is shared, so each event is applied once.
 */
@Component
final class GuildMembershipFeed extends EventConsumer {

    private final EventSubscriber subscriber;
    private final UserGuilds userGuilds;
    private final GuildPresences guildPresences;
    private final PresencePublisher publisher;
    private final String groupId;

    GuildMembershipFeed(
            EventSubscriber subscriber,
            UserGuilds userGuilds,
            GuildPresences guildPresences,
            PresencePublisher publisher,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.userGuilds = userGuilds;
        this.guildPresences = guildPresences;
        this.publisher = publisher;
        this.groupId = serviceName + ".guild-members";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(groupId, List.of("guild.events"), EventSubscriber.StartFrom.LATEST, this::apply);
    }

    Mono<Void> apply(EventEnvelope event) {
        if (!GUILD_MEMBER_ADD.equals(event.type()) && !GUILD_MEMBER_REMOVE.equals(event.type())) {
            return Mono.empty();
        }
        GuildMemberPayload member =
                EventPayloads.read(event, GuildMemberPayload.class).orElse(null);
        Snowflake user = member == null ? null : member.userId();
        Snowflake guild = member == null ? null : member.guildId();
        if (user == null || guild == null) {
            return Mono.empty();
        }
        Mono<Void> forgotten = userGuilds.changed(user);
        return GUILD_MEMBER_ADD.equals(event.type())
                ? forgotten.then(publisher.joined(user, guild))
                : forgotten.then(guildPresences.remove(guild, user));
    }
}
