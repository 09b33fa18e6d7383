package dev.concord.guild.guilds;

import dev.concord.platform.ids.Snowflake;
import java.util.List;

/** A row of {@code guilds}: the guild's own fields, without its roles, channels or members. */
public record GuildRow(
        Snowflake id,
        String name,
        String icon,
        String splash,
        String discoverySplash,
        String banner,
        String description,
        Snowflake ownerId,
        Snowflake afkChannelId,
        int afkTimeout,
        boolean widgetEnabled,
        Snowflake widgetChannelId,
        int verificationLevel,
        int defaultMessageNotifications,
        int explicitContentFilter,
        int mfaLevel,
        int nsfwLevel,
        List<String> features,
        Snowflake systemChannelId,
        int systemChannelFlags,
        Snowflake rulesChannelId,
        Snowflake publicUpdatesChannelId,
        Snowflake safetyAlertsChannelId,
        int premiumTier,
        int premiumSubscriptionCount,
        boolean premiumProgressBarEnabled,
        String preferredLocale,
        String vanityUrlCode,
        int memberCount) {

    public GuildRow {
        features = List.copyOf(features);
    }
}
