package dev.concord.guild.automod;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.guilds.GuildUpdates;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * What a guild's moderators (MANAGE_GUILD) do about auto moderation's alerts and incidents: execute an
 * alert action, resolve a false alarm, report a raid, end a mention raid. The messages involved are
 * webhook-service's ({@link AlertMessages}), which publishes their MESSAGE_* events; a reported raid is
 * also the guild's {@code incidents_data.raid_detected_at} (GUILD_UPDATE).
 */
@Service
final class AlertActions {

    private final GuildAccesses accesses;
    private final AutoModerationStore store;
    private final GuildUpdates updates;
    private final AlertMessages messages;
    private final TransactionalOperator transactions;
    private final Clock clock;

    AlertActions(
            GuildAccesses accesses,
            AutoModerationStore store,
            GuildUpdates updates,
            AlertMessages messages,
            TransactionalOperator transactions,
            Clock clock) {
        this.accesses = accesses;
        this.store = store;
        this.updates = updates;
        this.messages = messages;
        this.transactions = transactions;
        this.clock = clock;
    }

    Mono<Void> execute(Snowflake guildId, Snowflake userId, AlertActionRequest request) {
        return manager(guildId, userId).then(messages.executeAlertAction(guildId, userId, request));
    }

    Mono<Void> falseAlarm(Snowflake guildId, Snowflake userId, FalseAlarmRequest request) {
        return manager(guildId, userId).then(messages.resolveFalseAlarm(guildId, request));
    }

    /**
     * Notes the raid in the guild's incidents data (GUILD_UPDATE) and, once that committed, has the raid's
     * incident notification posted where the guild takes safety alerts.
     */
    Mono<Void> reportRaid(Snowflake guildId, Snowflake userId) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Mono<GuildRow> noted = accesses.load(guildId, userId, true)
                .map(access -> access.require(Permission.MANAGE_GUILD, now))
                .flatMap(access -> store.setRaidDetected(guildId, now)
                        .then(updates.announce(guildId))
                        .thenReturn(access.guild()));
        return transactions.transactional(noted).flatMap(guild -> {
            Snowflake channelId = alertsChannel(guild);
            return channelId == null ? Mono.empty() : messages.postRaidReport(guildId, channelId, userId, now);
        });
    }

    Mono<Void> clearMentionRaid(Snowflake guildId, Snowflake userId) {
        return manager(guildId, userId).then(messages.clearMentionRaid(guildId));
    }

    /**
     * Where the guild's moderators take safety alerts: its safety alerts channel, else its community updates
     * channel (public_updates_channel_id), where the platform's notices to moderators go; a guild with
     * neither gets its raid noted without a message, since a public channel is no place for one.
     */
    private static @Nullable Snowflake alertsChannel(GuildRow guild) {
        return guild.safetyAlertsChannelId() != null ? guild.safetyAlertsChannelId() : guild.publicUpdatesChannelId();
    }

    private Mono<GuildAccess> manager(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false)
                .map(access -> access.require(Permission.MANAGE_GUILD, clock.instant()));
    }
}
