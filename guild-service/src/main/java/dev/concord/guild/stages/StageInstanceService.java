package dev.concord.guild.stages;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.invites.PlatformInvites;
import dev.concord.guild.scheduledevents.StageEventLinks;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Opening, reading, retitling and closing stages. Those who can see a stage channel read its instance;
 * its moderators (MANAGE_CHANNELS, MUTE_MEMBERS and MOVE_MEMBERS there) change it. A stage opens once
 * (150006 while live). A public one gets a permanent invite in its opener's name, made and deleted with
 * its publicity; one opened for a scheduled event starts the event. Notifying everyone of the opening is
 * kept only when the moderator holds MENTION_EVERYONE.
 */
@Service
final class StageInstanceService {

    private static final long MODERATOR =
            Permission.MANAGE_CHANNELS.bit() | Permission.MUTE_MEMBERS.bit() | Permission.MOVE_MEMBERS.bit();

    private final StageInstanceStore store;
    private final StageClosing closing;
    private final ChannelAccesses channels;
    private final PlatformInvites invites;
    private final StageEventLinks events;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    StageInstanceService(
            StageInstanceStore store,
            StageClosing closing,
            ChannelAccesses channels,
            PlatformInvites invites,
            StageEventLinks events,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.closing = closing;
        this.channels = channels;
        this.invites = invites;
        this.events = events;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    Mono<StageInstanceData> create(Snowflake userId, StageInstanceCreateRequest request) {
        Snowflake channelId = request.channelId().get();
        Mono<StageInstanceData> opening = stageChannel(channelId, userId, true).flatMap(channel -> {
            requireModerator(channel);
            Snowflake guildId = channel.channel().guildId();
            Snowflake stageId = ids.next();
            Snowflake eventId = Possible.valueOrNull(request.guildScheduledEventId());
            int privacy = request.privacyOrDefault();
            boolean notify = request.notifies() && channel.has(Permission.MENTION_EVERYONE);
            return store.ofChannel(channelId)
                    .flatMap(live -> Mono.<String>error(alreadyOpen()))
                    .then(
                            privacy == StageInstanceRow.PUBLIC
                                    ? invites.createPermanent(guildId, channelId, userId)
                                            .map(Optional::of)
                                    : Mono.just(Optional.<String>empty()))
                    .flatMap(invite -> store.insert(
                            new StageInstanceRow(
                                    stageId,
                                    guildId,
                                    channelId,
                                    request.topic().get(),
                                    privacy,
                                    invite.orElse(null),
                                    eventId,
                                    notify),
                            clock.instant()))
                    .flatMap(stage -> (eventId == null
                                    ? Mono.<Void>empty()
                                    : events.start(guildId, eventId, channelId, stageId))
                            .then(outbox.append(StageInstanceEvents.created(stage)))
                            .thenReturn(stage.data()));
        });
        return transactions.transactional(opening);
    }

    /** The channel's stage instance, for those who can see the channel; 404 10067 when it is not live. */
    Mono<StageInstanceData> get(Snowflake channelId, Snowflake userId) {
        return channels.load(channelId, userId, false)
                .map(ChannelAccess::requireVisible)
                .flatMap(channel -> live(channelId))
                .map(StageInstanceRow::data);
    }

    /** A new topic or privacy; going public makes the stage's invite, going guild-only deletes it. */
    Mono<StageInstanceData> modify(Snowflake channelId, Snowflake userId, StageInstanceModifyRequest request) {
        Mono<StageInstanceData> change = stageChannel(channelId, userId, true).flatMap(channel -> {
            requireModerator(channel);
            return live(channelId).flatMap(stage -> {
                String topic = request.topic().orElse(stage.topic());
                int privacy = request.privacyLevel().orElse(stage.privacyLevel());
                if (topic.equals(stage.topic()) && privacy == stage.privacyLevel()) {
                    return Mono.just(stage.data());
                }
                return invite(stage, privacy, userId)
                        .flatMap(invite -> store.update(stage.changed(topic, privacy, invite.orElse(null))))
                        .flatMap(changed -> outbox.append(StageInstanceEvents.updated(changed))
                                .thenReturn(changed.data()));
            });
        });
        return transactions.transactional(change);
    }

    /** The invite the stage keeps at {@code privacy}: made on going public, deleted on going guild-only. */
    private Mono<Optional<String>> invite(StageInstanceRow stage, int privacy, Snowflake userId) {
        boolean goesPublic = privacy == StageInstanceRow.PUBLIC;
        if (goesPublic == stage.isPublic()) {
            return Mono.just(Optional.ofNullable(stage.inviteCode()));
        }
        if (goesPublic) {
            return invites.createPermanent(stage.guildId(), stage.channelId(), userId)
                    .map(Optional::of);
        }
        Mono<Void> deleted = stage.inviteCode() == null ? Mono.empty() : invites.delete(stage.inviteCode());
        return deleted.thenReturn(Optional.empty());
    }

    Mono<Void> delete(Snowflake channelId, Snowflake userId) {
        Mono<Void> deletion = stageChannel(channelId, userId, true)
                .flatMap(channel -> {
                    requireModerator(channel);
                    return closing.close(channelId).switchIfEmpty(Mono.error(StageInstanceService::unknown));
                })
                .then();
        return transactions.transactional(deletion);
    }

    /** A stage channel the member can see (404 10003 for none, 403 50001 unseen, 50035 another kind). */
    private Mono<ChannelAccess> stageChannel(Snowflake channelId, Snowflake userId, boolean lock) {
        return channels.load(channelId, userId, lock).map(channel -> {
            channel.requireVisible();
            if (channel.channel().type() != ChannelType.STAGE) {
                throw GuildErrors.notStageChannel();
            }
            return channel;
        });
    }

    private Mono<StageInstanceRow> live(Snowflake channelId) {
        return store.ofChannel(channelId).switchIfEmpty(Mono.error(StageInstanceService::unknown));
    }

    private static void requireModerator(ChannelAccess channel) {
        if ((channel.permissions() & MODERATOR) != MODERATOR) {
            throw ApiErrors.missingPermissions();
        }
    }

    private static ApiException unknown() {
        return ApiErrors.unknown(Unknown.STAGE_INSTANCE);
    }

    /** 400 150006: the channel is live already. */
    private static ApiException alreadyOpen() {
        return new ApiException(HttpStatus.BAD_REQUEST, 150006, "Stage already open");
    }
}
