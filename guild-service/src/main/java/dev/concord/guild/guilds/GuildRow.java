package dev.concord.guild.guilds;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A row of {@code guilds}: the guild's own fields, without its roles, channels or members. */
public record GuildRow(
        Snowflake id,
        String name,
        @Nullable String icon,
        @Nullable String splash,
        @Nullable String discoverySplash,
        @Nullable String banner,
        @Nullable String description,
        Snowflake ownerId,
        @Nullable Snowflake afkChannelId,
        int afkTimeout,
        boolean widgetEnabled,
        @Nullable Snowflake widgetChannelId,
        int verificationLevel,
        int defaultMessageNotifications,
        int explicitContentFilter,
        int mfaLevel,
        int nsfwLevel,
        List<String> features,
        @Nullable Snowflake systemChannelId,
        int systemChannelFlags,
        @Nullable Snowflake rulesChannelId,
        @Nullable Snowflake publicUpdatesChannelId,
        @Nullable Snowflake safetyAlertsChannelId,
        int premiumTier,
        int premiumSubscriptionCount,
        boolean premiumProgressBarEnabled,
        String preferredLocale,
        @Nullable String vanityUrlCode,
        int memberCount) {

    public GuildRow {
        features = List.copyOf(features);
    }
}
