package dev.concord.guild.voicestates;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.members.MemberData;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The voice state endpoints: reading a member's state, and on a stage one's own standing (suppress
 * oneself always, unsuppress with MUTE_MEMBERS; raise a hand with REQUEST_TO_SPEAK, now or later, lower it
 * always; bots raise none) and a moderator's (MUTE_MEMBERS) on others: unsuppressing a person invites them
 * to speak (their hand raised now), a bot speaks at once; suppressing sends them back to the audience.
 * Each change is VOICE_STATE_UPDATE; 404 10065 for a user not in voice in the guild.
 */
@Service
final class StageVoiceStates {

    /** A raised hand "now" may have been stamped a moment before it arrived. */
    private static final Duration CLOCK_SKEW = Duration.ofSeconds(10);

    private final VoiceStateStore store;
    private final GuildAccesses accesses;
    private final AccessStore rows;
    private final VoiceDepartures departures;
    private final ChannelAccesses channels;
    private final UserDirectory users;
    private final Outbox outbox;
    private final JsonMapper mapper;
    private final Clock clock;

    StageVoiceStates(
            VoiceStateStore store,
            GuildAccesses accesses,
            AccessStore rows,
            VoiceDepartures departures,
            ChannelAccesses channels,
            UserDirectory users,
            Outbox outbox,
            JsonMapper mapper,
            Clock clock) {
        this.store = store;
        this.accesses = accesses;
        this.rows = rows;
        this.departures = departures;
        this.channels = channels;
        this.users = users;
        this.outbox = outbox;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** A member's voice state, for the guild's members. */
    Mono<VoiceState> get(Snowflake guildId, Snowflake callerId, Snowflake targetId) {
        return accesses.load(guildId, callerId, false).then(existing(guildId, targetId));
    }

    Mono<Void> modifySelf(Snowflake guildId, Principal me, VoiceStateSelfRequest request) {
        return accesses.load(guildId, me.userId(), false).flatMap(access -> existing(guildId, me.userId())
                .flatMap(state -> onStage(access, state, request.channelId().orNull())
                        .flatMap(channel -> {
                            VoiceState after = selfChanged(state, channel, me.isBot(), request);
                            return save(access, state, after, users.require(me.userId()));
                        })));
    }

    private VoiceState selfChanged(
            VoiceState state, ChannelAccess channel, boolean bot, VoiceStateSelfRequest request) {
        Violations v = new Violations();
        boolean suppress = request.suppress().orElse(state.suppress());
        if (!suppress && state.suppress() && !channel.has(Permission.MUTE_MEMBERS)) {
            throw ApiErrors.missingPermissions();
        }
        Instant hand = request.requestToSpeakTimestamp().isPresent()
                ? Possible.valueOrNull(request.requestToSpeakTimestamp())
                : state.requestToSpeakTimestamp();
        if (hand != null && !hand.equals(state.requestToSpeakTimestamp())) {
            if (bot) {
                v.add("request_to_speak_timestamp", "VOICE_STATE_BOT_REQUEST_TO_SPEAK", "Bots do not ask to speak.");
            } else if (hand.isBefore(clock.instant().minus(CLOCK_SKEW))) {
                v.add(
                        "request_to_speak_timestamp",
                        "VOICE_STATE_TIMESTAMP_IN_PAST",
                        "Must be the present or a future time.");
            } else if (!channel.has(Permission.REQUEST_TO_SPEAK)) {
                throw ApiErrors.missingPermissions();
            }
        }
        v.throwIfAny();
        return state.withStage(suppress, hand);
    }

    /**
     * A moderator's change. The caller's access, the target's state, the target and the channel named read at
     * once (this is the path a stage's speaker change takes); the refusals still come in order: the caller's,
     * then 10065, then the channel's.
     */
    Mono<Void> modifyUser(Snowflake guildId, Snowflake callerId, Snowflake targetId, VoiceStateUserRequest request) {
        Snowflake asked = Objects.requireNonNull(request.channelId().get(), "channel_id is required");
        Mono<Optional<VoiceState>> state =
                store.find(guildId, targetId).map(Optional::of).defaultIfEmpty(Optional.empty());
        Mono<Optional<PartialUser>> user =
                users.find(targetId).map(Optional::of).defaultIfEmpty(Optional.empty());
        return Mono.zip(accesses.load(guildId, callerId, false), state, user, channels.read(asked))
                .flatMap(found -> {
                    GuildAccess access = found.getT1();
                    VoiceState before = found.getT2().orElseThrow(() -> ApiErrors.unknown(Unknown.VOICE_STATE));
                    PartialUser target = found.getT3().orElseThrow(() -> ApiErrors.unknown(Unknown.VOICE_STATE));
                    requireIn(before, asked);
                    ChannelAccess channel = requireStage(channels.inGuild(access, found.getT4()));
                    channel.require(Permission.MUTE_MEMBERS);
                    VoiceState after = moderated(before, request.suppress().orNull(), target.bot());
                    return save(access, before, after, Mono.just(target));
                });
    }

    /** Unsuppressing invites a person to speak (hand raised now) and lets a bot speak; suppressing lowers the hand. */
    private VoiceState moderated(VoiceState state, @Nullable Boolean suppress, boolean bot) {
        if (suppress == null || suppress == state.suppress()) {
            return state;
        }
        if (suppress) {
            return state.withStage(true, null);
        }
        return state.withStage(false, bot ? null : clock.instant());
    }

    /** Keeps the change while the user is still in the channel, then tells the guild (with {@code user}, the state's). */
    private Mono<Void> save(GuildAccess access, VoiceState before, VoiceState after, Mono<PartialUser> user) {
        if (after.equals(before)) {
            return Mono.empty();
        }
        // The member the event shows is read beside the change, not after it.
        Mono<MemberRow> member = access.membership().userId().equals(after.userId())
                ? Mono.just(access.membership())
                : rows.member(access.guild().id(), after.userId());
        return Mono.zip(store.replace(after), Mono.zip(member, user, MemberData::of))
                .flatMap(done -> {
                    if (!done.getT1()) {
                        return Mono.error(ApiErrors.unknown(Unknown.VOICE_STATE));
                    }
                    // The stage's quiet (a speaker stopped) is kept beside the event, not before it: neither
                    // waits for the other, and the state the event tells is already the stored one.
                    return Mono.when(
                            departures.changed(before, after),
                            outbox.append(VoiceStateEvents.stateUpdate(mapper, after, done.getT2())));
                });
    }

    /** The stage channel the user is in, named by the request if it names one (it must be that one). */
    private Mono<ChannelAccess> onStage(GuildAccess access, VoiceState state, @Nullable Snowflake asked) {
        Snowflake current = requireIn(state, asked);
        return channels.inGuild(access, current).map(StageVoiceStates::requireStage);
    }

    /** The channel the state is in; 400 when it is in none, or not in the one asked (if one is). */
    private static Snowflake requireIn(VoiceState state, @Nullable Snowflake asked) {
        Snowflake current = state.channelId();
        if (current == null || (asked != null && !asked.equals(current))) {
            throw new Violations()
                    .add("channel_id", "VOICE_STATE_CHANNEL_INVALID", "The user is not in this channel.")
                    .toException();
        }
        return current;
    }

    /** The channel, when it is a stage; 400 otherwise. */
    private static ChannelAccess requireStage(ChannelAccess channel) {
        if (channel.channel().type() != ChannelType.STAGE) {
            throw GuildErrors.notStageChannel();
        }
        return channel;
    }

    private Mono<VoiceState> existing(Snowflake guildId, Snowflake userId) {
        return store.find(guildId, userId).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.VOICE_STATE)));
    }
}
