package dev.concord.guild.integrations;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.guild.members.ManagedRoleGrants;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code POST /guilds/{guild.id}/integrations/{integration.id}/sync}: the streaming account's subscribers are
 * fetched from the provider (before the guild is locked, so no lock waits on it); members who subscribe get
 * the subscriber role, and members who stopped keep it for the grace period counted from the sync that
 * first found them gone, then lose it or are kicked ({@code expire_behavior}; the owner is never kicked,
 * only loses the role). An account the provider no longer has is marked {@code revoked}, and its
 * subscribers lapse. Then {@code synced_at} and {@code subscriber_count}, INTEGRATION_UPDATE and
 * GUILD_INTEGRATIONS_UPDATE.
 */
@Service
final class IntegrationSyncs {

    private final GuildIntegrations integrations;
    private final IntegrationStore store;
    private final IntegrationSubscriberStore holders;
    private final StreamingAccounts provider;
    private final ManagedRoleGrants grants;
    private final GuildJoins joins;
    private final TransactionalOperator transactions;
    private final Clock clock;

    IntegrationSyncs(
            GuildIntegrations integrations,
            IntegrationStore store,
            IntegrationSubscriberStore holders,
            StreamingAccounts provider,
            ManagedRoleGrants grants,
            GuildJoins joins,
            TransactionalOperator transactions,
            Clock clock) {
        this.integrations = integrations;
        this.store = store;
        this.holders = holders;
        this.provider = provider;
        this.grants = grants;
        this.joins = joins;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** What the provider says of the account now. */
    private record Fetched(boolean exists, StreamingAccounts.Subscribers subscribers) {}

    Mono<Void> sync(Snowflake guildId, Snowflake integrationId, Snowflake userId) {
        return integrations
                .managed(guildId, userId, false)
                .then(integrations.existing(guildId, integrationId))
                .flatMap(row -> {
                    StreamingService service = row.service();
                    if (service == null) {
                        return Mono.error(notSyncable());
                    }
                    return Mono.zip(
                                    provider.find(service, row.accountId()),
                                    provider.subscribers(service, row.accountId()))
                            .map(found -> new Fetched(found.getT1().isPresent(), found.getT2()));
                })
                .flatMap(fetched -> transactions.transactional(integrations
                        .managed(guildId, userId, true)
                        // Read again under the lock: it may have been changed or removed meanwhile.
                        .flatMap(access -> integrations
                                .existing(guildId, integrationId)
                                .flatMap(row -> apply(access, row, fetched)))));
    }

    private Mono<Void> apply(GuildAccess access, IntegrationRow row, Fetched fetched) {
        Snowflake guildId = access.guild().id();
        Snowflake roleId = Objects.requireNonNull(row.streaming().roleId());
        Instant now = clock.instant();
        List<Snowflake> linked = fetched.exists() ? fetched.subscribers().userIds() : List.of();
        Mono<Set<Snowflake>> subscribing = linked.isEmpty()
                ? Mono.just(Set.of())
                : store.membersAmong(guildId, linked).collect(Collectors.toSet());
        return subscribing
                .flatMap(members -> holders.subscribed(row.id(), members)
                        .thenMany(Flux.fromIterable(members))
                        // Each member whose roles change gets a GUILD_MEMBER_UPDATE of their own.
                        .concatMap(member -> grants.give(guildId, member, roleId))
                        .thenMany(holders.holders(row.id()).filter(holder -> !members.contains(holder.userId())))
                        .collectList()
                        .flatMapMany(Flux::fromIterable)
                        .concatMap(holder -> expire(access, row, roleId, holder, now))
                        .then())
                .then(store.synced(
                        row.id(), now, fetched.exists() ? fetched.subscribers().count() : 0, !fetched.exists()))
                .flatMap(synced -> integrations.announce(synced, false));
    }

    /** A member who no longer subscribes: the lapse starts now, or, once the grace period is over, the expiry. */
    private Mono<Void> expire(
            GuildAccess access,
            IntegrationRow row,
            Snowflake roleId,
            IntegrationSubscriberStore.Holder holder,
            Instant now) {
        Instant lapsedAt = holder.lapsedAt();
        if (lapsedAt == null) {
            return holders.lapsed(row.id(), holder.userId(), now);
        }
        Duration grace = Duration.ofDays(row.streaming().expireGracePeriod());
        if (lapsedAt.plus(grace).isAfter(now)) {
            return Mono.empty();
        }
        Snowflake guildId = access.guild().id();
        boolean kick = row.streaming().expireBehavior() == IntegrationModifyRequest.KICK
                && !holder.userId().equals(access.guild().ownerId());
        Mono<Boolean> expiry =
                kick ? joins.remove(guildId, holder.userId()) : grants.take(guildId, holder.userId(), roleId);
        return expiry.then(holders.forget(row.id(), holder.userId()));
    }

    /** 400: only streaming accounts have subscribers to sync; an application's integration has none. */
    private static ApiException notSyncable() {
        return new ApiException(HttpStatus.BAD_REQUEST, 0, "Only livestream and videosite integrations can be synced");
    }
}
