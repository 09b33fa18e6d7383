package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;

import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.guilds.PermissionInputs;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.Overwrite;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Guild audiences computed on this instance: the guild's members connected here ({@link ConnectedMembers})
 * narrowed, for a channel or a required permission, by the platform's engine over the guild's roles,
 * channels and owner ({@link LocalGuilds}), both kept current from guild.events rather than asked for
 * again. guild-service is asked only for a user whose first session starts here and for a guild the first
 * time an event needs its permissions.
 *
 * <p>When that cannot be done (guild-service failed to answer a fetch, a payload could not be read), the
 * event is resolved by asking guild-service as before ({@link GuildServiceAudience}); when that fails too,
 * the error goes to the dispatcher, which retries the event.
 */
final class LocalGuildAudience implements GuildAudienceResolver {

    private static final Logger log = LoggerFactory.getLogger(LocalGuildAudience.class);
    /**
     * Changes applied, against a redelivery taking a guild back to an older state: only guild changes are
     * counted, far fewer than the events (messages) the dispatcher's own window covers.
     */
    private static final int APPLIED_WINDOW = 10_000;

    private final GuildAuthorization authorization;
    private final GuildServiceAudience remote;
    private final LocalGuilds guilds;
    private final ConnectedMembers members;
    private final GuildChanges changes;
    private final RecentEvents applied = new RecentEvents(APPLIED_WINDOW);
    private final Clock clock;

    LocalGuildAudience(GuildAuthorization authorization, SessionRegistry sessions, Clock clock) {
        this.authorization = authorization;
        this.remote = new GuildServiceAudience(authorization, sessions);
        this.clock = clock;
        this.members = new ConnectedMembers(authorization::memberships, sessions::hasSessions, this::forgetGuild);
        this.guilds = new LocalGuilds(authorization::authorizationSnapshot, members::hasMembers);
        this.changes = new GuildChanges(guilds, members);
        sessions.listen(members);
        List.copyOf(sessions.users()).forEach(members::sessionsChanged);
    }

    /**
     * Applies the event's change, once per event however often it is delivered, and tells the guild
     * authorization caches (which the gateway feeds itself: {@link GuildCacheFeed}).
     */
    @Override
    public Mono<Void> observe(EventEnvelope event) {
        if (event.type() == null || !GuildChanges.TYPES.contains(event.type())) {
            return Mono.empty();
        }
        return authorization.onEvent(event).then(Mono.fromRunnable(() -> {
            if (event.id() == null || applied.firstSighting(event.id())) {
                changes.apply(event);
            }
        }));
    }

    @Override
    public Mono<Set<Snowflake>> members(EventEnvelope event) {
        Audience audience = event.audience();
        Snowflake guildId = Objects.requireNonNull(audience.guildId(), "only guild audiences come here");
        long required;
        try {
            required = GuildServiceAudience.required(audience);
        } catch (IllegalArgumentException unknown) {
            // Nobody rather than everybody: the permission guards what the event shows.
            log.warn("event {} ({}) requires an unknown permission; delivered to no one", event.id(), event.type());
            return Mono.just(Set.of());
        }
        return members.ready()
                .then(Mono.defer(() -> resolve(event, guildId, required)))
                .onErrorResume(failure -> {
                    log.debug(
                            "audience of event {} ({}) not computed here, guild-service asked: {}",
                            event.id(),
                            event.type(),
                            failure.toString());
                    authorization.forget(guildId);
                    return remote.members(event);
                });
    }

    /** A guild whose last member here left: what is held of it goes, and comes back when needed again. */
    private void forgetGuild(Snowflake guildId) {
        guilds.drop(guildId);
    }

    /** Users connected here, for tests and metrics. */
    int connectedUsers() {
        return members.users();
    }

    /** Guilds whose permission inputs are held here. */
    int heldGuilds() {
        return guilds.size();
    }

    private Mono<Set<Snowflake>> resolve(EventEnvelope event, Snowflake guildId, long required) {
        if (required == 0) {
            return Mono.just(members.userIds(guildId));
        }
        List<GuildMember> here = members.of(guildId);
        if (here.isEmpty()) {
            return Mono.just(Set.of());
        }
        Snowflake channelId = event.audience().channelId();
        if (channelId == null) {
            return guilds.get(guildId).map(guild -> guild.holding(here, null, required, clock.instant()));
        }
        if (CHANNEL_DELETE.equals(event.type())) {
            // The channel is gone from the guild held here; the event carries the overwrites it had.
            List<Overwrite> overwrites = PermissionInputs.overwrites(event.data());
            return guilds.get(guildId).map(guild -> guild.holding(here, overwrites, required, clock.instant()));
        }
        return guilds.get(guildId).flatMap(guild -> {
            List<Overwrite> overwrites = guild.channel(channelId.value());
            if (overwrites != null) {
                return Mono.just(guild.holding(here, overwrites, required, clock.instant()));
            }
            if (guild.isPrivateThread(channelId.value())) {
                return remote.members(event);
            }
            // A channel unknown here is gone, an archived thread, or one this copy missed: the guild is fetched
            // again, never guessed; still unknown, guild-service, which knows every thread, is asked.
            guilds.drop(guildId);
            return guilds.get(guildId).flatMap(fresh -> {
                List<Overwrite> again = fresh.channel(channelId.value());
                return again == null
                        ? remote.members(event)
                        : Mono.just(fresh.holding(here, again, required, clock.instant()));
            });
        });
    }
}
