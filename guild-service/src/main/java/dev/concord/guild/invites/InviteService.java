package dev.concord.guild.invites;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.guilds.GuildAccess;
import dev.concord.guild.guilds.GuildAccesses;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Invites: who may make, see, delete and use them, and the events that tell the channel's managers.
 * Changes lock the guild's row, so a guild's invites change one at a time.
 */
@Service
final class InviteService {

    private final InviteStore store;
    private final ChannelStore channels;
    private final GuildAccesses accesses;
    private final GuildJoins joins;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final Clock clock;
    private final InviteCodes codes = InviteCodes.secure();

    InviteService(InviteStore store, ChannelStore channels, GuildAccesses accesses, GuildJoins joins, UserDirectory users,
            Outbox outbox, TransactionalOperator transactions, Clock clock) {
        this.store = store;
        this.channels = channels;
        this.accesses = accesses;
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
        Mono<InviteData> creation = channel(channelId)
                .flatMap(channel -> accesses.load(channel.guildId(), userId, true).flatMap(access -> {
                    require(visiblePermissions(access, channel), Permission.CREATE_INSTANT_INVITE);
                    NewInvite invite = NewInvite.of(channel.guildId(), channelId, userId, request, now);
                    Mono<InviteRow> similar = request.isUnique() ? Mono.empty() : store.findSimilar(invite, now);
                    return checkTarget(channel, invite)
                            .then(similar)
                            .switchIfEmpty(Mono.defer(() -> insert(invite, now)));
                }))
                .flatMap(invite -> withUsers(List.of(invite), true, false))
                .map(invites -> invites.get(0));
        return transactions.transactional(creation);
    }

    /** The channel's invites, with their metadata, for members with MANAGE_CHANNELS in it. */
    Mono<List<InviteData>> listByChannel(Snowflake channelId, Snowflake userId) {
        Instant now = now();
        return channel(channelId)
                .flatMap(channel -> accesses.load(channel.guildId(), userId, false).map(access -> {
                    require(visiblePermissions(access, channel), Permission.MANAGE_CHANNELS);
                    return channel;
                }))
                .flatMapMany(channel -> store.listByChannel(channelId, now))
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
        return live(code, now())
                .flatMap(invite -> withUsers(List.of(invite), false, withCounts))
                .map(invites -> invites.get(0));
    }

    /** Deletes an invite: MANAGE_CHANNELS in its channel or MANAGE_GUILD. Answers with the invite. */
    Mono<InviteData> delete(String code, Snowflake userId) {
        Instant now = now();
        Mono<InviteData> deletion = live(code, now)
                .flatMap(invite -> accesses.load(invite.guildId(), userId, true)
                        .zipWith(channels.find(invite.channelId()))
                        .flatMap(context -> {
                            GuildAccess access = context.getT1();
                            boolean managesChannel = (permissionsIn(access, context.getT2())
                                    & Permission.MANAGE_CHANNELS.bit()) != 0;
                            if (!managesChannel && !access.has(Permission.MANAGE_GUILD, now)) {
                                throw ApiErrors.missingPermissions();
                            }
                            return store.delete(code);
                        })
                        .flatMap(deleted -> deleted ? outbox.append(InviteEvents.inviteDelete(invite)).thenReturn(invite)
                                : Mono.error(unknownInvite())))
                .flatMap(invite -> withUsers(List.of(invite), false, false))
                .map(invites -> invites.get(0));
        return transactions.transactional(deletion);
    }

    /**
     * The user joins the invite's guild: one more use, and the invite is gone once used up. A member
     * following an invite to their own guild changes nothing.
     */
    Mono<InviteData> accept(String code, Snowflake userId) {
        Instant now = now();
        Mono<InviteData> joining = live(code, now)
                // Read again under the guild's lock: a join that held it may have used the invite up.
                .flatMap(seen -> joins.lock(seen.guildId()).then(live(code, now)))
                .flatMap(invite -> joins.join(invite.guildId(), userId)
                        .flatMap(joined -> joined ? use(invite) : Mono.empty())
                        .thenReturn(invite))
                .flatMap(invite -> withUsers(List.of(invite), false, false))
                .map(invites -> invites.get(0));
        return transactions.transactional(joining);
    }

    private Mono<Void> use(InviteRow invite) {
        boolean usedUp = invite.maxUses() > 0 && invite.uses() + 1 >= invite.maxUses();
        return usedUp ? store.delete(invite.code()).then(outbox.append(InviteEvents.inviteDelete(invite)))
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
        Violations violations = new Violations();
        if (!ChannelType.isVoice(channel.type())) {
            violations.add("target_type", "INVITE_TARGET_CHANNEL_INVALID", "Invites with a target must be for a voice channel.");
            violations.throwIfAny();
        }
        if (invite.targetUserId() == null) {
            return Mono.empty();
        }
        return store.isMember(channel.guildId(), invite.targetUserId()).flatMap(member -> {
            if (!member) {
                violations.add("target_user_id", "UNKNOWN_MEMBER", "The user to stream must be a member of this guild.");
                violations.throwIfAny();
            }
            return Mono.empty();
        });
    }

    /** The channel; 404 10003 when there is none, and for categories, which take no invites on the platform. */
    private Mono<ChannelData> channel(Snowflake channelId) {
        return channels.find(channelId)
                .filter(channel -> channel.type() != ChannelType.CATEGORY)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)));
    }

    private Mono<InviteRow> live(String code, Instant now) {
        return store.find(code, now).switchIfEmpty(Mono.error(InviteService::unknownInvite));
    }

    /** The member's permissions in the channel; 403 50001 when they cannot see it. */
    private long visiblePermissions(GuildAccess access, ChannelData channel) {
        long permissions = permissionsIn(access, channel);
        if ((permissions & Permission.VIEW_CHANNEL.bit()) == 0) {
            throw ApiErrors.missingAccess();
        }
        return permissions;
    }

    /**
     * The member's permissions in the channel, through its overwrites as the permission engine applies
     * them (none at all without VIEW_CHANNEL).
     */
    private long permissionsIn(GuildAccess access, ChannelData channel) {
        return access.permissions().inChannel(access.member(), channel.overwritesForPermissions(), clock.instant());
    }

    private static void require(long permissions, Permission permission) {
        if ((permissions & permission.bit()) == 0) {
            throw ApiErrors.missingPermissions();
        }
    }

    private Mono<List<InviteData>> withUsers(List<InviteRow> invites, boolean withMetadata, boolean withCounts) {
        return users(invites).map(named -> invites.stream().map(i -> i.data(named, withMetadata, withCounts)).toList());
    }

    /** The users the invites name, from the identity replica, in one query. */
    private Mono<Map<Snowflake, PartialUser>> users(List<InviteRow> invites) {
        return users.findAll(invites.stream().flatMap(InviteRow::userIds).toList())
                .collectMap(PartialUser::id, Function.identity());
    }

    /** Timestamps are kept to the millisecond, as the platform shows them. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static ApiException unknownInvite() {
        return ApiErrors.unknown(Unknown.INVITE);
    }
}
