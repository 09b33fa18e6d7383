package dev.concord.guild.guilds;

import dev.concord.guild.access.GuildRow;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A guild as clients read it ({@code GET /guilds/{guild.id}}, and the base of GUILD_CREATE). Emoji and
 * stickers are empty until those features land; {@code approximate_member_count} only with
 * {@code with_counts}.
 */
record GuildData(
        Snowflake id,
        String name,
        String icon,
        String iconHash,
        String splash,
        String discoverySplash,
        Snowflake ownerId,
        Snowflake afkChannelId,
        int afkTimeout,
        boolean widgetEnabled,
        Snowflake widgetChannelId,
        int verificationLevel,
        int defaultMessageNotifications,
        int explicitContentFilter,
        List<RoleData> roles,
        List<JsonNode> emojis,
        List<String> features,
        int mfaLevel,
        Snowflake applicationId,
        Snowflake systemChannelId,
        int systemChannelFlags,
        Snowflake rulesChannelId,
        Integer maxPresences,
        int maxMembers,
        String vanityUrlCode,
        String description,
        String banner,
        int premiumTier,
        int premiumSubscriptionCount,
        String preferredLocale,
        Snowflake publicUpdatesChannelId,
        int maxVideoChannelUsers,
        int maxStageVideoChannelUsers,
        Possible<Integer> approximateMemberCount,
        int nsfwLevel,
        List<JsonNode> stickers,
        boolean premiumProgressBarEnabled,
        Snowflake safetyAlertsChannelId,
        JsonNode incidentsData) {

    static final int MAX_MEMBERS = 500_000;
    static final int MAX_VIDEO_CHANNEL_USERS = 25;
    static final int MAX_STAGE_VIDEO_CHANNEL_USERS = 50;

    public GuildData {
        roles = List.copyOf(roles);
        emojis = List.copyOf(emojis);
        features = List.copyOf(features);
        stickers = List.copyOf(stickers);
    }

    /** The guild as clients read it; {@code withCounts} adds {@code approximate_member_count}. */
    static GuildData of(GuildRow row, List<RoleData> roles, boolean withCounts) {
        return new GuildData(
                row.id(),
                row.name(),
                row.icon(),
                null,
                row.splash(),
                row.discoverySplash(),
                row.ownerId(),
                row.afkChannelId(),
                row.afkTimeout(),
                row.widgetEnabled(),
                row.widgetChannelId(),
                row.verificationLevel(),
                row.defaultMessageNotifications(),
                row.explicitContentFilter(),
                roles,
                List.of(),
                row.features(),
                row.mfaLevel(),
                null,
                row.systemChannelId(),
                row.systemChannelFlags(),
                row.rulesChannelId(),
                null,
                MAX_MEMBERS,
                row.vanityUrlCode(),
                row.description(),
                row.banner(),
                row.premiumTier(),
                row.premiumSubscriptionCount(),
                row.preferredLocale(),
                row.publicUpdatesChannelId(),
                MAX_VIDEO_CHANNEL_USERS,
                MAX_STAGE_VIDEO_CHANNEL_USERS,
                withCounts ? Possible.of(row.memberCount()) : Possible.absent(),
                row.nsfwLevel(),
                List.of(),
                row.premiumProgressBarEnabled(),
                row.safetyAlertsChannelId(),
                null);
    }
}
