package dev.concord.guild.guilds;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code PUT /internal/guilds/{id}/premium}: how many boosts the guild has now. */
record GuildBoostRequest(Possible<Integer> premiumSubscriptionCount) implements Violations.Validatable {

    /** More than any guild could hold; the count only has to stay a sane integer. */
    static final int MAX_BOOSTS = 1_000_000;

    @Override
    public void validate(Violations v) {
        v.required("premium_subscription_count", premiumSubscriptionCount.orNull());
        v.range("premium_subscription_count", premiumSubscriptionCount.orNull(), 0, MAX_BOOSTS);
    }
}
