package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;

import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Guild audiences from guild-service's answers, through platform-guilds' client (batched, cached for a
 * few seconds). Members without a session on this instance are dropped before any permission is asked
 * for: every instance resolves every event, each only for its own users.
 */
final class GuildServiceAudience implements GuildAudienceResolver {

    private static final Logger log = LoggerFactory.getLogger(GuildServiceAudience.class);

    /** guild-service's events that change members, roles, channels or the owner, so its earlier answers. */
    private static final Set<String> CHANGES = GuildChanges.TYPES;

    private final GuildAuthorization authorization;
    private final SessionRegistry sessions;

    GuildServiceAudience(GuildAuthorization authorization, SessionRegistry sessions) {
        this.authorization = authorization;
        this.sessions = sessions;
    }

    /**
     * Drops the guild's cached answers now: the client's own listener reads guild.events apart from the
     * dispatcher and may not have got this event yet.
     */
    @Override
    public Mono<Void> observe(EventEnvelope event) {
        return event.type() != null && CHANGES.contains(event.type()) ? authorization.onEvent(event) : Mono.empty();
    }

    @Override
    public Mono<Set<Snowflake>> members(EventEnvelope event) {
        Audience audience = event.audience();
        Snowflake guildId = Objects.requireNonNull(audience.guildId(), "only guild audiences come here");
        long required;
        try {
            required = required(audience);
        } catch (IllegalArgumentException unknown) {
            // Nobody rather than everybody: the permission guards what the event shows.
            log.warn("event {} ({}) requires an unknown permission; delivered to no one", event.id(), event.type());
            return Mono.just(Set.of());
        }
        return authorization
                .members(guildId)
                .map(this::connectedHere)
                .flatMap(here -> here.isEmpty() || required == 0
                        ? Mono.just(Set.copyOf(here))
                        : permissions(event, guildId, here).map(granted -> holding(granted, required)))
                .onErrorResume(GuildServiceAudience::gone, gone -> {
                    log.debug("event {} ({}) is about a guild or channel that is gone", event.id(), event.type());
                    return Mono.just(Set.of());
                })
                // The dispatcher's consumer retries the event a few times, then moves on.
                .doOnError(failure -> log.warn(
                        "audience of event {} ({}) in guild {} not resolved: {}",
                        event.id(),
                        event.type(),
                        guildId,
                        failure.toString()));
    }

    /** VIEW_CHANNEL in a named channel, plus the required permission (in the channel, else guild-wide). */
    static long required(Audience audience) {
        long bits = audience.channelId() == null ? 0 : Permission.VIEW_CHANNEL.bit();
        if (audience.requiredPermission() != null) {
            bits |= Permission.valueOf(audience.requiredPermission()).bit();
        }
        return bits;
    }

    /** The members with a session here, walking the smaller of the two sets. */
    private List<Snowflake> connectedHere(Set<Snowflake> members) {
        Set<Snowflake> connected = sessions.users();
        Stream<Snowflake> here = members.size() <= connected.size()
                ? members.stream().filter(sessions::hasSessions)
                : connected.stream().filter(members::contains);
        return here.toList();
    }

    /**
     * Permissions in the event's channel, or guild-wide. A deleted channel can no longer be asked about:
     * CHANNEL_DELETE carries its overwrites, and the answer is computed from those.
     */
    private Mono<Map<Snowflake, Long>> permissions(EventEnvelope event, Snowflake guildId, List<Snowflake> users) {
        Snowflake channelId = event.audience().channelId();
        JsonNode overwrites = event.data() == null ? null : event.data().get("permission_overwrites");
        if (channelId != null && CHANNEL_DELETE.equals(event.type()) && overwrites != null && overwrites.isArray()) {
            return authorization.permissionsForOverwrites(guildId, overwrites, users);
        }
        return authorization.permissions(guildId, channelId, users);
    }

    private static Set<Snowflake> holding(Map<Snowflake, Long> granted, long required) {
        return granted.entrySet().stream()
                .filter(member -> (member.getValue() & required) == required)
                .map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableSet());
    }

    /** 404: an unknown guild or channel, deleted since the event; no one is a member or can view it. */
    private static boolean gone(Throwable failure) {
        return failure instanceof ApiException api && api.status() == HttpStatus.NOT_FOUND;
    }
}
