package dev.concord.guild.voicestates;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.calls.PrivateCalls;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.members.MemberData;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.SeededRandom;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Joining, moving and leaving voice, as op 4 asks: a voice or stage channel of the guild the member may
 * view and CONNECT to, within its user limit unless they may MOVE_MEMBERS; one voice channel per user
 * (joining in another guild leaves the first). On a stage everyone arrives suppressed, as an audience.
 * Each change is VOICE_STATE_UPDATE to the guild; a join or move is VOICE_SERVER_UPDATE to the user.
 * Refusals (403 50013, 404, 400 50035, also for a full channel) come back to the gateway, which ignores
 * them as the platform does.
 */
@Service
final class VoiceStateService {

    private static final SecureRandom RANDOM = SeededRandom.create();

    private final VoiceStateStore store;
    private final ChannelAccesses channels;
    private final AccessStore rows;
    private final VoiceDepartures departures;
    private final PrivateCalls calls;
    private final UserDirectory users;
    private final Outbox outbox;
    private final JsonMapper mapper;
    private final String endpoint;

    VoiceStateService(
            VoiceStateStore store,
            ChannelAccesses channels,
            AccessStore rows,
            VoiceDepartures departures,
            PrivateCalls calls,
            UserDirectory users,
            Outbox outbox,
            JsonMapper mapper,
            @Value("${concord.voice.endpoint:voice.concord.localhost:443}") String endpoint) {
        this.store = store;
        this.channels = channels;
        this.rows = rows;
        this.departures = departures;
        this.calls = calls;
        this.users = users;
        this.outbox = outbox;
        this.mapper = mapper;
        this.endpoint = endpoint;
    }

    Mono<Void> update(VoiceJoinRequest request) {
        Snowflake userId = request.userId().get();
        Snowflake guildId = request.guildId().orNull();
        Snowflake channelId = Possible.valueOrNull(request.channelId());
        if (guildId == null) {
            return privateCall(request, userId, channelId);
        }
        if (channelId == null) {
            return leave(guildId, userId, null).then();
        }
        return channels.load(channelId, userId, false).flatMap(channel -> {
            ChannelAccess held = channel.requireVisible();
            if (!channel.channel().guildId().equals(guildId)) {
                throw ApiErrors.unknown(Unknown.CHANNEL);
            }
            int type = channel.channel().type();
            if (!ChannelType.isVoice(type)) {
                throw GuildErrors.channelInvalid(new Violations(), "channel_id", true)
                        .toException();
            }
            held.require(Permission.CONNECT);
            int limit = held.has(Permission.MOVE_MEMBERS) ? 0 : userLimit(channel);
            return store.find(guildId, userId)
                    .map(Optional::of)
                    .defaultIfEmpty(Optional.empty())
                    .flatMap(previous -> {
                        VoiceState state = joined(request, channel, previous.orElse(null), type == ChannelType.STAGE);
                        return store.join(state, limit).flatMap(joined -> {
                            if (joined.full()) {
                                return Mono.error(full());
                            }
                            boolean moved = joined.previous() == null
                                    || !channelId.equals(joined.previous().channelId());
                            // Only once in: a refused join leaves the user where they were.
                            return leaveOtherGuild(userId, guildId)
                                    .then(calls.leave(userId, null))
                                    .then(store.setGuildOf(userId, guildId))
                                    .then(departures.changed(joined.previous(), state))
                                    .then(announce(channel.access(), state, moved));
                        });
                    });
        });
    }

    /** Op 4 without a guild: into the call of a DM or group DM (out of guild voice), or out of the call. */
    private Mono<Void> privateCall(VoiceJoinRequest request, Snowflake userId, @Nullable Snowflake channelId) {
        if (channelId == null) {
            return calls.leave(userId, null);
        }
        PrivateCalls.Join join = new PrivateCalls.Join(
                userId,
                request.sessionId().get(),
                channelId,
                request.selfMute().orElse(false),
                request.selfDeaf().orElse(false),
                request.selfVideo().orElse(false));
        return calls.join(
                join,
                store.guildOf(userId)
                        .flatMap(guildId -> leave(guildId, userId, null))
                        .then());
    }

    /** The state after the join: guild mute and deafen from the member; a stage's standing kept within it. */
    private static VoiceState joined(
            VoiceJoinRequest request, ChannelAccess channel, @Nullable VoiceState previous, boolean stage) {
        Snowflake channelId = channel.channel().id();
        // Within the same channel a member keeps their stream and their standing on a stage.
        VoiceState kept = previous != null && channelId.equals(previous.channelId()) ? previous : null;
        return new VoiceState(
                channel.channel().guildId(),
                channelId,
                request.userId().get(),
                request.sessionId().get(),
                channel.access().membership().deaf(),
                channel.access().membership().mute(),
                request.selfDeaf().orElse(false),
                request.selfMute().orElse(false),
                kept != null && kept.selfStream(),
                request.selfVideo().orElse(false),
                stage && (kept == null || kept.suppress()),
                stage && kept != null ? kept.requestToSpeakTimestamp() : null);
    }

    private static int userLimit(ChannelAccess channel) {
        Integer limit = Possible.valueOrNull(channel.channel().userLimit());
        return limit == null ? 0 : limit;
    }

    /** Leaves voice in the guild: the whole state, or only the session's; answers the state that was. */
    Mono<VoiceState> leave(Snowflake guildId, Snowflake userId, @Nullable String sessionId) {
        return store.leave(guildId, userId, sessionId).flatMap(previous -> store.clearGuildOf(userId, guildId)
                .then(departures.changed(previous, null))
                .then(member(guildId, userId))
                .flatMap(member -> outbox.append(VoiceStateEvents.stateUpdate(mapper, previous.left(), member)))
                .thenReturn(previous));
    }

    /** A gateway session ended: its voice state, wherever it is (guild or call), goes. */
    Mono<Void> sessionEnded(Snowflake userId, String sessionId) {
        return store.guildOf(userId)
                .flatMap(guildId -> leave(guildId, userId, sessionId))
                .then(calls.leave(userId, sessionId));
    }

    private Mono<Void> leaveOtherGuild(Snowflake userId, Snowflake guildId) {
        return store.guildOf(userId)
                .filter(other -> !other.equals(guildId))
                .flatMap(other -> leave(other, userId, null))
                .then();
    }

    private Mono<Void> announce(GuildAccess access, VoiceState state, boolean moved) {
        return users.require(state.userId()).flatMap(user -> {
            List<DomainEvent> events = new ArrayList<>();
            events.add(VoiceStateEvents.stateUpdate(mapper, state, MemberData.of(access.membership(), user)));
            if (moved) {
                events.add(VoiceStateEvents.serverUpdate(state.guildId(), state.userId(), token(), endpoint));
            }
            return outbox.appendAll(events);
        });
    }

    /** The member object VOICE_STATE_UPDATE carries. */
    private Mono<MemberData> member(Snowflake guildId, Snowflake userId) {
        return rows.member(guildId, userId).zipWith(users.require(userId), MemberData::of);
    }

    private static String token() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** A full channel: the platform's voice connection would close; here the gateway hears the refusal. */
    private static ApiException full() {
        return new Violations()
                .add("channel_id", "CHANNEL_FULL", "The channel is full.")
                .toException();
    }
}
