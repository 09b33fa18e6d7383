package dev.concord.guild.guilds;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.emojis.EmojiAvailability;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's boosts, as billing reports them ({@code PUT /internal/guilds/{id}/premium}): the count sets the
 * premium tier by the platform's thresholds (2, 7 and 14 boosts for tiers 1, 2 and 3), the emoji are fitted
 * to the tier's limits (those beyond turn unavailable, or come back), and the guild's members get
 * GUILD_UPDATE. A count that changes nothing publishes nothing.
 */
@Service
final class GuildBoosts {

    /** The boosts each tier needs, tier 1 first. */
    private static final int[] TIER_THRESHOLDS = {2, 7, 14};

    private final AccessStore rows;
    private final GuildStore store;
    private final EmojiAvailability availability;
    private final GuildUpdates updates;
    private final TransactionalOperator transactions;

    GuildBoosts(
            AccessStore rows,
            GuildStore store,
            EmojiAvailability availability,
            GuildUpdates updates,
            TransactionalOperator transactions) {
        this.rows = rows;
        this.store = store;
        this.availability = availability;
        this.updates = updates;
        this.transactions = transactions;
    }

    /** The guild now has {@code count} boosts; answers its premium tier. 404 10004 for no guild. */
    Mono<Integer> set(Snowflake guildId, int count) {
        int tier = tierOf(count);
        Mono<Integer> change = rows.findForUpdate(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .flatMap(guild -> {
                    if (guild.premiumSubscriptionCount() == count && guild.premiumTier() == tier) {
                        return Mono.just(tier);
                    }
                    return store.update(
                                    guildId,
                                    List.of(
                                            new ColumnChanges.Change(
                                                    "premium_subscription_count", count, Integer.class),
                                            new ColumnChanges.Change("premium_tier", tier, Integer.class)))
                            .then(rows.find(guildId))
                            .flatMap(updated -> availability.fit(updated).then(updates.announce(updated)))
                            .thenReturn(tier);
                });
        return transactions.transactional(change);
    }

    static int tierOf(int count) {
        int tier = 0;
        while (tier < TIER_THRESHOLDS.length && count >= TIER_THRESHOLDS[tier]) {
            tier++;
        }
        return tier;
    }
}
