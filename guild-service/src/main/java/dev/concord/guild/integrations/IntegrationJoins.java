package dev.concord.guild.integrations;

import dev.concord.guild.guilds.GuildJoins;
import dev.concord.guild.members.ManagedRoleGrants;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import java.util.List;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * {@code POST /integrations/{integration.id}/join}: a subscriber of a streaming account joins the guild the
 * account is linked to, with its subscriber role (GUILD_CREATE to them, GUILD_MEMBER_ADD, GUILD_MEMBER_UPDATE
 * for the role). Only the provider's linked subscribers may (403 50001 for anyone else), checked before
 * the guild is locked; the guild limit holds (400 30001).
 */
@Service
final class IntegrationJoins {

    private final IntegrationStore store;
    private final IntegrationSubscriberStore holders;
    private final StreamingAccounts provider;
    private final GuildJoins joins;
    private final ManagedRoleGrants grants;
    private final TransactionalOperator transactions;

    IntegrationJoins(
            IntegrationStore store,
            IntegrationSubscriberStore holders,
            StreamingAccounts provider,
            GuildJoins joins,
            ManagedRoleGrants grants,
            TransactionalOperator transactions) {
        this.store = store;
        this.holders = holders;
        this.provider = provider;
        this.joins = joins;
        this.grants = grants;
        this.transactions = transactions;
    }

    Mono<Void> join(Snowflake integrationId, Snowflake userId) {
        return store.findAny(integrationId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.INTEGRATION)))
                .flatMap(row -> {
                    StreamingService service = row.service();
                    if (service == null) {
                        return Mono.error(notJoinable());
                    }
                    return provider.subscribers(service, row.accountId()).flatMap(subscribers -> {
                        if (row.streaming().revoked() || !subscribers.userIds().contains(userId)) {
                            return Mono.error(ApiErrors.missingAccess());
                        }
                        Snowflake guildId = row.guildId();
                        Snowflake roleId =
                                Objects.requireNonNull(row.streaming().roleId());
                        return transactions.transactional(joins.lock(guildId)
                                .then(joins.join(guildId, userId))
                                .then(holders.subscribed(row.id(), List.of(userId)))
                                .then(grants.give(guildId, userId, roleId))
                                .then());
                    });
                });
    }

    /** 400: an application's integration has no subscribers to join as. */
    private static ApiException notJoinable() {
        return new ApiException(HttpStatus.BAD_REQUEST, 0, "Only livestream and videosite integrations can be joined");
    }
}
