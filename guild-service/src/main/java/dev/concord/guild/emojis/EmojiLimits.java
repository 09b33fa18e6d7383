package dev.concord.guild.emojis;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildRow;

/**
 * How many emoji a guild may have in each bucket, as the platform counts them: still and animated each
 * {@code max(50 * (premium_tier + 1), 200 with MORE_EMOJI, else 250 at tier 3, else 50)} (50, 100, 150
 * and 250 by tier; 200 for the first three with MORE_EMOJI), and 25 premium emoji whatever the tier.
 */
record EmojiLimits(int normal, int animated, int premium) {

    static final int PREMIUM = 25;
    static final String MORE_EMOJI = "MORE_EMOJI";

    static EmojiLimits of(GuildRow guild) {
        int tier = guild.premiumTier();
        int floor = guild.features().contains(MORE_EMOJI) ? 200 : tier == 3 ? 250 : 50;
        int each = Math.max(50 * (tier + 1), floor);
        return new EmojiLimits(each, each, PREMIUM);
    }

    /** 400 with the bucket's code when a new emoji of this kind would not fit. */
    void check(EmojiStore.Counts counts, boolean premiumEmoji, boolean animatedEmoji) {
        if (premiumEmoji) {
            if (counts.premium() >= premium) {
                throw GuildErrors.tooManyPremiumEmojis(premium);
            }
        } else if (animatedEmoji) {
            if (counts.animated() >= animated) {
                throw GuildErrors.tooManyAnimatedEmojis(animated);
            }
        } else if (counts.normal() >= normal) {
            throw GuildErrors.tooManyEmojis(normal);
        }
    }
}
