package dev.concord.guild.automod;

import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.guilds.GuildUpdates;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's incident actions, for members with MANAGE_GUILD: its invites and DMs paused until a time at
 * most 24 hours ahead (the guild's {@code incidents_data} shows them; invites refuse to be made or used
 * meanwhile). A change is GUILD_UPDATE to the guild; setting what already was publishes nothing.
 */
@Service
final class IncidentActions {

    /** The longest pause an incident action sets; a longer one is set again when it ends. */
    static final Duration MAX_PAUSE = Duration.ofHours(24);

    /** {@code {"invites_disabled_until", "dms_disabled_until"}}, each null when not paused. */
    record Data(
            @Nullable Instant invitesDisabledUntil,
            @Nullable Instant dmsDisabledUntil) {}

    private final AutoModerationStore store;
    private final GuildAccesses accesses;
    private final GuildUpdates updates;
    private final TransactionalOperator transactions;
    private final Clock clock;

    IncidentActions(
            AutoModerationStore store,
            GuildAccesses accesses,
            GuildUpdates updates,
            TransactionalOperator transactions,
            Clock clock) {
        this.store = store;
        this.accesses = accesses;
        this.updates = updates;
        this.transactions = transactions;
        this.clock = clock;
    }

    Mono<Data> put(Snowflake guildId, Snowflake userId, IncidentActionsRequest request) {
        Instant now = clock.instant();
        Violations v = new Violations();
        notTooFar(v, "invites_disabled_until", request.invitesOrNull(), now);
        notTooFar(v, "dms_disabled_until", request.dmsOrNull(), now);
        v.throwIfAny();
        Mono<Data> change = accesses.load(guildId, userId, true)
                .map(access -> access.require(Permission.MANAGE_GUILD, now))
                .then(store.setIncidentActions(guildId, request.invitesOrNull(), request.dmsOrNull()))
                .flatMap(changed -> changed ? updates.announce(guildId) : Mono.empty())
                .then(Mono.fromSupplier(() -> new Data(request.invitesOrNull(), request.dmsOrNull())));
        return transactions.transactional(change);
    }

    private static void notTooFar(Violations v, String field, @Nullable Instant until, Instant now) {
        if (until != null && until.isAfter(now.plus(MAX_PAUSE))) {
            v.add(field, "AUTO_MODERATION_INCIDENT_ACTION_TOO_LONG", "Must be at most 24 hours from now.");
        }
    }
}
