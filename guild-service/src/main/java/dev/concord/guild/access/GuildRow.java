package dev.concord.guild.access;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Arrays;
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
        int memberCount,
        @Nullable GuildIncidents incidents) {

    /** The platform's GuildNSFWLevel AGE_RESTRICTED: the level of a guild marked NSFW. */
    private static final int NSFW_LEVEL_AGE_RESTRICTED = 3;

    public GuildRow {
        features = List.copyOf(features);
    }

    /**
     * Whether nobody may join through an invite or make one now: the guild paused invites for a while
     * ({@code invites_disabled_until}, an incident action) or until further notice (the feature
     * INVITES_DISABLED).
     */
    public boolean invitesPaused(Instant now) {
        if (features.contains("INVITES_DISABLED")) {
            return true;
        }
        Instant until = incidents == null ? null : incidents.invitesDisabledUntil();
        return until != null && until.isAfter(now);
    }

    /** The platform's {@code nsfw} of a guild at {@code nsfwLevel}: whether it is age-restricted. */
    public static boolean nsfw(int nsfwLevel) {
        return nsfwLevel == NSFW_LEVEL_AGE_RESTRICTED;
    }

    /** A row of {@code guilds}, as every statement that selects its columns reads it. */
    public static GuildRow read(Readable row) {
        String[] features = row.get("features", String[].class);
        return new GuildRow(
                Columns.requiredSnowflake(row, "id"),
                row.get("name", String.class),
                row.get("icon", String.class),
                row.get("splash", String.class),
                row.get("discovery_splash", String.class),
                row.get("banner", String.class),
                row.get("description", String.class),
                Columns.requiredSnowflake(row, "owner_id"),
                Columns.snowflake(row, "afk_channel_id"),
                Columns.integer(row, "afk_timeout"),
                Columns.bool(row, "widget_enabled"),
                Columns.snowflake(row, "widget_channel_id"),
                Columns.integer(row, "verification_level"),
                Columns.integer(row, "default_message_notifications"),
                Columns.integer(row, "explicit_content_filter"),
                Columns.integer(row, "mfa_level"),
                Columns.integer(row, "nsfw_level"),
                features == null ? List.of() : Arrays.asList(features),
                Columns.snowflake(row, "system_channel_id"),
                Columns.integer(row, "system_channel_flags"),
                Columns.snowflake(row, "rules_channel_id"),
                Columns.snowflake(row, "public_updates_channel_id"),
                Columns.snowflake(row, "safety_alerts_channel_id"),
                Columns.integer(row, "premium_tier"),
                Columns.integer(row, "premium_subscription_count"),
                Columns.bool(row, "premium_progress_bar_enabled"),
                row.get("preferred_locale", String.class),
                row.get("vanity_url_code", String.class),
                Columns.integer(row, "member_count"),
                GuildIncidents.read(row));
    }
}
