package dev.concord.webhook.messages;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.automod.MentionRaids;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What moderators do to auto moderation's own messages (type 24), once guild-service checked that they may
 * manage the guild: an alert's actions recorded in its {@code alert_actions_execution} field (DELETE_USER_MESSAGE
 * also deleting the flagged message), an incident resolved as a false alarm ({@code resolved_reason}), an
 * incident notification posted. Each change to a message is MESSAGE_UPDATE with it, in its transaction.
 */
@Service
final class AutoModerationMessages {

    static final String ALERT_EMBED = "auto_moderation_message";

    private final MessageStore store;
    private final MentionRaids raids;
    private final GuildAuthorization guilds;
    private final MessageService messages;
    private final ChannelAccess access;
    private final MessageViews views;
    private final RecentMessages recent;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;

    AutoModerationMessages(
            MessageStore store,
            MentionRaids raids,
            GuildAuthorization guilds,
            MessageService messages,
            ChannelAccess access,
            MessageViews views,
            RecentMessages recent,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            JsonMapper mapper,
            Clock clock) {
        this.store = store;
        this.raids = raids;
        this.guilds = guilds;
        this.messages = messages;
        this.access = access;
        this.views = views;
        this.recent = recent;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
    }

    /**
     * Executes an alert action on the alert {@code messageId} in {@code channelId} of the guild (10008 for any
     * other message): recorded in the alert with who did it and when. DELETE_USER_MESSAGE first deletes the
     * message the alert flagged (MESSAGE_DELETE), nothing when it is gone already; an alert of a blocked
     * message flagged none to delete (400 naming {@code alert_action_type}).
     */
    Mono<Void> executeAlertAction(
            Snowflake guildId, Snowflake channelId, Snowflake messageId, int type, Snowflake actorId) {
        Mono<MessageRow> alert = store.findAutoModerationForUpdate(guildId, messageId)
                .filter(row -> row.channelId().equals(channelId) && isAlert(row))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)));
        Mono<Void> deletion = type != AlertActionsExecution.DELETE_USER_MESSAGE
                ? Mono.empty()
                : alert.flatMap(row -> deleteFlagged(guildId, row, actorId));
        Mono<Void> recording = alert.flatMap(row -> {
            String value = AlertActionsExecution.recorded(
                    mapper,
                    AlertEmbeds.fieldValue(row.embeds(), AlertActionsExecution.FIELD),
                    type,
                    actorId,
                    clock.instant());
            return change(guildId, row, AlertEmbeds.withField(row.embeds(), AlertActionsExecution.FIELD, value));
        });
        return deletion.then(transactions.transactional(recording)).doOnSuccess(done -> recent.forget(channelId));
    }

    /**
     * Resolves the guild's incident or alert {@code messageId} as a false alarm: its {@code resolved_reason}
     * becomes {@code reason}. A mention raid's notification resolved so also ends the raid, as
     * clear-mention-raid does. 10008 for a message that is not auto moderation's in this guild.
     */
    Mono<Void> resolveFalseAlarm(Snowflake guildId, Snowflake messageId, String reason) {
        Mono<MessageRow> resolved = store.findAutoModerationForUpdate(guildId, messageId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                .flatMap(row -> change(guildId, row, AlertEmbeds.withField(row.embeds(), "resolved_reason", reason))
                        .thenReturn(row));
        return transactions
                .transactional(resolved)
                .doOnNext(row -> recent.forget(row.channelId()))
                .flatMap(row ->
                        IncidentEmbeds.MENTION_RAID.equals(AlertEmbeds.fieldValue(row.embeds(), "notification_type"))
                                ? raids.clear(guildId)
                                : Mono.empty());
    }

    /**
     * Ends the guild's mention raid (clear-mention-raid); 10004 for no such guild, which guild-service is
     * asked about since nothing here records guilds.
     */
    Mono<Void> clearMentionRaid(Snowflake guildId) {
        return guilds.authorizationSnapshot(guildId).then(raids.clear(guildId));
    }

    /**
     * Posts an incident notification in a channel of the guild, by {@code authorId}, with MESSAGE_CREATE:
     * 10003 for a channel that is not the guild's, 10013 for an author who is no member of it (the message
     * could not show them).
     */
    Mono<MessageData> postIncident(
            Snowflake guildId,
            Snowflake channelId,
            Snowflake authorId,
            String notificationType,
            String raidType,
            Instant raidAt,
            @Nullable Instant suspiciousMentionsUntil) {
        JsonNode embeds =
                IncidentEmbeds.of(notificationType, ids.next().asString(), raidType, raidAt, suspiciousMentionsUntil);
        return access.asPlatformInGuildChannel(channelId, guildId, authorId).flatMap(in -> access.member(in)
                .filter(Optional::isPresent)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)))
                .then(messages.postSystemMessage(
                        in, MessageRow.autoModerationNotice(ids.next(), channelId, guildId, authorId, embeds))));
    }

    private static boolean isAlert(MessageRow row) {
        return ALERT_EMBED.equals(row.embeds().path(0).path("type").asString(null));
    }

    private Mono<Void> deleteFlagged(Snowflake guildId, MessageRow alert, Snowflake actorId) {
        Snowflake flagged = Snowflake.parseOrNull(AlertEmbeds.fieldValue(alert.embeds(), "flagged_message_id"));
        Snowflake channelId = Snowflake.parseOrNull(AlertEmbeds.fieldValue(alert.embeds(), "channel_id"));
        if (flagged == null || channelId == null) {
            throw new Violations()
                    .add(
                            "alert_action_type",
                            "AUTO_MODERATION_ALERT_NO_MESSAGE",
                            "The alert flagged no message to delete.")
                    .toException();
        }
        return access.asPlatformInGuildChannel(channelId, guildId, actorId)
                .flatMap(in -> messages.deleteAsPlatform(in, flagged))
                // The flagged message's channel deleted since: so is the message.
                .onErrorResume(
                        ApiException.class, e -> e.code() == Unknown.CHANNEL.code() ? Mono.empty() : Mono.error(e));
    }

    /** Stores the message's new embeds and records MESSAGE_UPDATE with the message as it now reads. */
    private Mono<Void> change(Snowflake guildId, MessageRow row, JsonNode embeds) {
        return store.replaceEmbeds(row.channelId(), row.id(), embeds)
                .flatMap(changed -> access.asPlatformInGuildChannel(row.channelId(), guildId, changed.authorId())
                        .flatMap(in -> views.one(changed, false)
                                .flatMap(message -> access.eventMembers(in, message.mentions())
                                        .flatMap(members ->
                                                outbox.append(MessageEvents.updated(in.place(), message, members))))));
    }
}
