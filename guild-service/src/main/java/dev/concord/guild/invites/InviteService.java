package dev.concord.guild.invites;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Invites: who may make, see, delete and use them, and the events that tell the channel's managers.
 * Changes lock the guild's row, so a guild's invites change one at a time.
 */
@Service
final class InviteService {

    private final InviteStore store;
    private final ChannelAccesses channelAccesses;
    private final GuildAccesses accesses;
    private final AccessStore rows;
    private final GuildJoins joins;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final Clock clock;
    private final InviteCodes codes = InviteCodes.secure();

    private final List<InviteStages> stages;

    InviteService(
            InviteStore store,
            ChannelAccesses channelAccesses,
            GuildAccesses accesses,
            AccessStore rows,
            GuildJoins joins,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            Clock clock,
            List<InviteStages> stages) {
        this.stages = List.copyOf(stages);
        this.store = store;
        this.channelAccesses = channelAccesses;
        this.accesses = accesses;
        this.rows = rows;
        this.joins = joins;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * Creates an invite for a member with CREATE_INSTANT_INVITE in the channel. Unless {@code unique}, a
     * live invite the member made for the channel with the same settings is answered instead, as the
     * platform does.
     */
    Mono<InviteData> create(Snowflake channelId, Snowflake userId, InviteCreateRequest request) {
        Instant now = now();
        Mono<InviteData> creation = invitable(channelId, userId, true)
                .flatMap(context -> {
                    context.require(Permission.CREATE_INSTANT_INVITE);
                    if (context.access().guild().invitesPaused(now)) {
                        throw GuildErrors.invitesPaused();
                    }
                    ChannelData channel = context.channel();
                    NewInvite invite = NewInvite.of(channel.guildId(), channelId, userId, request, now);
                    Mono<InviteRow> similar = request.isUnique() ? Mono.empty() : store.findSimilar(invite, now);
                    return checkTarget(channel, invite)
                            .then(similar)
                            .switchIfEmpty(Mono.defer(() -> insert(invite, now)));
                })
                .flatMap(invite -> withUsers(List.of(invite), true, false))
                .map(invites -> invites.get(0));
        return transactions.transactional(creation);
    }

    /** The channel's invites, with their metadata, for members with MANAGE_CHANNELS in it. */
    Mono<List<InviteData>> listByChannel(Snowflake channelId, Snowflake userId) {
        Instant now = now();
        return invitable(channelId, userId, false)
                .map(context -> context.require(Permission.MANAGE_CHANNELS))
                .flatMapMany(held -> store.listByChannel(channelId, now))
                .collectList()
                .flatMap(invites -> withUsers(invites, true, false));
    }

    /** The guild's invites, with their metadata, for members with MANAGE_GUILD. */
    Mono<List<InviteData>> listByGuild(Snowflake guildId, Snowflake userId) {
        Instant now = now();
        return accesses.load(guildId, userId, false)
                .map(access -> access.require(Permission.MANAGE_GUILD, now))
                .flatMapMany(access -> store.listByGuild(guildId, now))
                .collectList()
                .flatMap(invites -> withUsers(invites, true, false));
    }

    /** An invite as anyone with its code may read it; 404 10006 when there is none or it expired. */
    Mono<InviteData> get(String code, boolean withCounts) {
        return live(code, now()).flatMap(invite -> withUsers(List.of(invite), false, withCounts)
                .map(invites -> invites.get(0))
                .flatMap(data -> Flux.fromIterable(stages)
                        .concatMap(stage -> stage.publicStage(invite.channelId()))
                        .next()
                        .map(data::withStageInstance)
                        .defaultIfEmpty(data)));
    }

    /**
     * A permanent invite to a channel made by the platform for its own ends (a public stage's), recorded
     * with INVITE_CREATE; answers its code.
     */
    Mono<String> createPermanent(Snowflake guildId, Snowflake channelId, Snowflake inviterId) {
        Instant now = now();
        return insert(new NewInvite(guildId, channelId, inviterId, 0, 0, false, null, null, null, now), now)
                .map(InviteRow::code);
    }

    /** Deletes an invite the platform made, recording INVITE_DELETE; nothing for one already gone. */
    Mono<Void> deleteMade(String code) {
        Instant now = now();
        return store.find(code, now).flatMap(invite -> store.delete(code)
                .flatMap(deleted -> deleted ? outbox.append(InviteEvents.inviteDelete(invite)) : Mono.empty()));
    }

    /** Deletes an invite: MANAGE_CHANNELS in its channel or MANAGE_GUILD. Answers with the invite. */
    Mono<InviteData> delete(String code, Snowflake userId) {
        Instant now = now();
        Mono<InviteData> deletion = live(code, now)
                .flatMap(invite -> channelAccesses
                        .load(invite.channelId(), userId, true)
                        .flatMap(context -> {
                            if (!context.has(Permission.MANAGE_CHANNELS)
                                    && !context.access().has(Permission.MANAGE_GUILD, now)) {
                                throw ApiErrors.missingPermissions();
                            }
                            return store.delete(code);
                        })
                        .flatMap(deleted -> deleted
                                ? outbox.append(InviteEvents.inviteDelete(invite))
                                        .thenReturn(invite)
                                : Mono.error(unknownInvite())))
                .flatMap(invite -> withUsers(List.of(invite), false, false))
                .map(invites -> invites.get(0));
        return transactions.transactional(deletion);
    }

    /**
     * The user joins the invite's guild: one more use, and the invite is gone once used up. A member
     * following an invite to their own guild changes nothing. Nobody new joins while the guild's invites
     * are paused (400 40069).
     */
    Mono<InviteData> accept(String code, Snowflake userId) {
        Instant now = now();
        Mono<InviteData> joining = live(code, now)
                // Read again under the guild's lock: a join that held it may have used the invite up.
                .flatMap(seen -> joins.lock(seen.guildId()).then(live(code, now)))
                .flatMap(invite -> requireOpen(invite.guildId(), userId, now).thenReturn(invite))
                .flatMap(invite -> joins.join(invite.guildId(), userId)
                        .flatMap(joined -> joined ? use(invite) : Mono.empty())
                        .thenReturn(invite))
                .flatMap(invite -> withUsers(List.of(invite), false, false))
                .map(invites -> invites.get(0));
        return transactions.transactional(joining);
    }

    /** 400 40069 when the guild's invites are paused and the user is not a member yet. */
    private Mono<Void> requireOpen(Snowflake guildId, Snowflake userId, Instant now) {
        return rows.find(guildId)
                .filter(guild -> guild.invitesPaused(now))
                .flatMap(paused -> joins.isMember(guildId, userId))
                .flatMap(member -> member ? Mono.<Void>empty() : Mono.<Void>error(GuildErrors.invitesPaused()));
    }

    private Mono<Void> use(InviteRow invite) {
        boolean usedUp = invite.maxUses() > 0 && invite.uses() + 1 >= invite.maxUses();
        return usedUp
                ? store.delete(invite.code()).then(outbox.append(InviteEvents.inviteDelete(invite)))
                : store.use(invite.code());
    }

    /** Stores the invite under a fresh code, sweeping the guild's expired ones, and records INVITE_CREATE. */
    private Mono<InviteRow> insert(NewInvite invite, Instant now) {
        return store.deleteExpired(invite.guildId(), now)
                .then(codes.claim(code -> store.insert(code, invite)))
                .flatMap(code -> store.find(code, now))
                .flatMap(row -> users(List.of(row))
                        .flatMap(named -> outbox.append(InviteEvents.inviteCreate(row, named)))
                        .thenReturn(row));
    }

    /**
     * A target opens something in a voice channel: a stream needs a member of the guild to stream (who
     * streams right now is not known here), an embedded application a voice channel to run in.
     */
    private Mono<Void> checkTarget(ChannelData channel, NewInvite invite) {
        if (invite.targetType() == null) {
            return Mono.empty();
        }
        if (!ChannelType.isVoice(channel.type())) {
            throw GuildErrors.inviteTargetNotVoice();
        }
        if (invite.targetUserId() == null) {
            return Mono.empty();
        }
        return rows.member(channel.guildId(), invite.targetUserId())
                .hasElement()
                .flatMap(member -> member ? Mono.<Void>empty() : Mono.<Void>error(GuildErrors.streamerNotMember()));
    }

    /**
     * The channel as the member acts in it, for members who can view it (403 50001 otherwise); 404 10003
     * for categories, which take no invites on the platform.
     */
    private Mono<ChannelAccess> invitable(Snowflake channelId, Snowflake userId, boolean lock) {
        return channelAccesses.load(channelId, userId, lock).map(context -> {
            if (context.channel().type() == ChannelType.CATEGORY) {
                throw ApiErrors.unknown(Unknown.CHANNEL);
            }
            return context.requireVisible();
        });
    }

    private Mono<InviteRow> live(String code, Instant now) {
        return store.find(code, now).switchIfEmpty(Mono.error(InviteService::unknownInvite));
    }

    private Mono<List<InviteData>> withUsers(List<InviteRow> invites, boolean withMetadata, boolean withCounts) {
        return users(invites).map(named -> invites.stream()
                .map(i -> i.data(named, withMetadata, withCounts))
                .toList());
    }

    /** The users the invites name, from the identity replica in one query (its misses from their owner). */
    private Mono<Map<Snowflake, PartialUser>> users(List<InviteRow> invites) {
        return users.require(invites.stream().flatMap(InviteRow::userIds).toList());
    }

    /** Timestamps are kept to the millisecond, as the platform shows them. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static ApiException unknownInvite() {
        return ApiErrors.unknown(Unknown.INVITE);
    }
}
