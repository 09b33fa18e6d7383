package dev.concord.guild.calls;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.privatechannels.PrivateChannelRow;
import dev.concord.guild.privatechannels.PrivateChannelStore;
import dev.concord.guild.voice.regions.VoiceRegions;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.SeededRandom;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.users.SocialPolicies;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Joining and leaving the call of a DM or group DM, as op 4 without a guild asks. Only a recipient may be
 * in a channel's call. The first one in starts it and rings the other recipients (CALL_CREATE); joining
 * stops one's ringing (CALL_UPDATE); the last one out ends it (CALL_DELETE). A user is in one call at a
 * time: joining another leaves the first. Guild voice and calls exclude each other; the caller (voice
 * states) leaves the one before joining the other. Nobody is rung by one they blocked or who blocked them:
 * a block keeps calls out as it keeps DMs out.
 */
@Service
public final class PrivateCalls {

    private static final Logger log = LoggerFactory.getLogger(PrivateCalls.class);
    private static final SecureRandom RANDOM = SeededRandom.create();

    private final CallStore store;
    private final PrivateChannelStore channels;
    private final VoiceRegions regions;
    private final SocialPolicies social;
    private final SnowflakeGenerator ids;
    private final Outbox outbox;
    private final JsonMapper mapper;
    private final String endpoint;

    PrivateCalls(
            CallStore store,
            PrivateChannelStore channels,
            VoiceRegions regions,
            SocialPolicies social,
            SnowflakeGenerator ids,
            Outbox outbox,
            JsonMapper mapper,
            @Value("${concord.voice.endpoint:voice.concord.localhost:443}") String endpoint) {
        this.store = store;
        this.channels = channels;
        this.regions = regions;
        this.social = social;
        this.ids = ids;
        this.outbox = outbox;
        this.mapper = mapper;
        this.endpoint = endpoint;
    }

    /** Where op 4 asks a user's session to be, and how: their own mute, deafen and video. */
    public record Join(
            Snowflake userId,
            String sessionId,
            Snowflake channelId,
            boolean selfMute,
            boolean selfDeaf,
            boolean selfVideo) {}

    /**
     * The session joins (or changes its state in) the call of the channel; {@code leavingElsewhere} (guild
     * voice) runs once the user is known to be a recipient. 404 10003 for a channel they are not in.
     */
    public Mono<Void> join(Join join, Mono<Void> leavingElsewhere) {
        Snowflake userId = join.userId();
        Snowflake channelId = join.channelId();
        return recipientsOf(channelId, userId).flatMap(recipients -> leavingElsewhere
                .then(store.callOf(userId)
                        .filter(other -> !other.equals(channelId))
                        .flatMap(other -> leave(other, userId, null)))
                .then(store.state(channelId, userId).map(CallState::selfStream).defaultIfEmpty(false))
                .zipWith(ringable(userId, recipients))
                .flatMap(streamingAndRingable -> {
                    boolean streaming = streamingAndRingable.getT1();
                    CallState state = new CallState(
                            channelId,
                            userId,
                            join.sessionId(),
                            join.selfDeaf(),
                            join.selfMute(),
                            streaming,
                            join.selfVideo());
                    return store.join(state, regions.optimal(), ids.next(), streamingAndRingable.getT2())
                            .flatMap(joined -> store.setCallOf(userId, channelId)
                                    .then(announce(channelId, state, joined, recipients)));
                }));
    }

    /**
     * {@code POST /channels/{id}/call/ring}: one in the call rings recipients ({@code named}, or every other
     * one) who are not in it. 40032 when the caller is not in the channel's call; CALL_UPDATE when the
     * ringing changed.
     */
    public Mono<Void> ring(Snowflake userId, Snowflake channelId, @Nullable List<Snowflake> named) {
        return recipientsOf(channelId, userId).flatMap(recipients -> {
            List<Snowflake> targets = targets(
                    recipients,
                    named,
                    recipients.stream()
                            .filter(recipient -> !recipient.equals(userId))
                            .toList());
            return requireInCall(channelId, userId)
                    .then(ringable(userId, targets))
                    .flatMap(ringable -> changeRinging(channelId, true, ringable, recipients));
        });
    }

    /**
     * {@code POST /channels/{id}/call/stop-ringing}: a recipient declines (no {@code named}: themselves), or
     * one in the call stops ringing others.
     */
    public Mono<Void> stopRinging(Snowflake userId, Snowflake channelId, @Nullable List<Snowflake> named) {
        return recipientsOf(channelId, userId).flatMap(recipients -> {
            List<Snowflake> targets = targets(recipients, named, List.of(userId));
            Mono<Void> allowed = targets.equals(List.of(userId)) ? Mono.empty() : requireInCall(channelId, userId);
            return allowed.then(changeRinging(channelId, false, targets, recipients));
        });
    }

    private Mono<Void> changeRinging(
            Snowflake channelId, boolean ring, List<Snowflake> targets, List<Snowflake> recipients) {
        return store.ring(channelId, ring, targets)
                .flatMap(changed -> store.find(channelId))
                .flatMap(call -> outbox.append(
                        CallEvents.updated(channelId, call.messageId(), call.region(), call.ringing(), recipients)));
    }

    /**
     * Of {@code targets}, those {@code caller} may ring: not themselves, and no block between the two. One
     * whose relationship cannot be read (social-service unreachable) is not rung, as a block is not
     * overridden by an outage; the call itself goes on.
     */
    private Mono<List<Snowflake>> ringable(Snowflake caller, List<Snowflake> targets) {
        return Flux.fromIterable(targets)
                .filter(target -> !target.equals(caller))
                .flatMapSequential(target -> social.directMessages(target, caller)
                        .filter(policy -> !policy.blocked())
                        .map(policy -> target)
                        .onErrorResume(e -> {
                            log.warn(
                                    "Not ringing user {}: their relationship with the caller is unknown ({})",
                                    target,
                                    e.toString());
                            return Mono.empty();
                        }))
                .collectList();
    }

    private Mono<Void> requireInCall(Snowflake channelId, Snowflake userId) {
        return store.state(channelId, userId)
                .switchIfEmpty(Mono.error(GuildErrors::notConnectedToVoice))
                .then();
    }

    /** The users a ring names (each a recipient, else 400 at its index), or {@code otherwise}. */
    private static List<Snowflake> targets(
            List<Snowflake> recipients, @Nullable List<Snowflake> named, List<Snowflake> otherwise) {
        if (named == null) {
            return otherwise;
        }
        Violations v = new Violations();
        for (int i = 0; i < named.size(); i++) {
            if (!recipients.contains(named.get(i))) {
                v.at("recipients").add(Integer.toString(i), "NOT_A_RECIPIENT", "Not a recipient of the channel.");
            }
        }
        v.throwIfAny();
        return named.stream().distinct().toList();
    }

    /** The user leaves whatever call they are in (only if {@code sessionId} holds their place, when named). */
    public Mono<Void> leave(Snowflake userId, @Nullable String sessionId) {
        return store.callOf(userId).flatMap(channelId -> leave(channelId, userId, sessionId));
    }

    /** One taken out of a group DM (or gone from it) is out of its call too. */
    public Mono<Void> removedFrom(Snowflake channelId, Snowflake userId) {
        return leave(channelId, userId, null);
    }

    private Mono<Void> leave(Snowflake channelId, Snowflake userId, @Nullable String sessionId) {
        return store.leave(channelId, userId, sessionId).flatMap(left -> store.clearCallOf(userId, channelId)
                .then(channels.find(channelId)
                        .map(PrivateChannelRow::recipientIds)
                        .defaultIfEmpty(List.of()))
                .flatMap(recipients -> {
                    // One no longer a recipient (or of a deleted group) still hears that they left.
                    Set<Snowflake> audience = new LinkedHashSet<>(recipients);
                    audience.add(userId);
                    return announceLeave(channelId, left, List.copyOf(audience));
                }));
    }

    private Mono<Void> announceLeave(Snowflake channelId, CallStore.Left left, List<Snowflake> recipients) {
        List<DomainEvent> events = new ArrayList<>();
        events.add(CallEvents.stateUpdate(mapper, channelId, left.previous().left(), recipients));
        if (left.ended()) {
            events.add(CallEvents.deleted(channelId, recipients));
        }
        return outbox.appendAll(events);
    }

    private Mono<Void> announce(
            Snowflake channelId, CallState state, CallStore.Joined joined, List<Snowflake> recipients) {
        List<DomainEvent> events = new ArrayList<>();
        if (joined.created()) {
            events.add(CallEvents.created(mapper, channelId, joined, List.of(state), recipients));
        } else if (joined.wasRung()) {
            events.add(
                    CallEvents.updated(channelId, joined.messageId(), joined.region(), joined.ringing(), recipients));
        }
        events.add(CallEvents.stateUpdate(mapper, channelId, state, recipients));
        if (joined.previous() == null) {
            events.add(CallEvents.serverUpdate(channelId, state.userId(), token(), endpoint));
        }
        return outbox.appendAll(events);
    }

    /** The channel's recipients, when the user is one of them. */
    private Mono<List<Snowflake>> recipientsOf(Snowflake channelId, Snowflake userId) {
        return channels.find(channelId)
                .map(PrivateChannelRow::recipientIds)
                .filter(recipients -> recipients.contains(userId))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)));
    }

    private static String token() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
