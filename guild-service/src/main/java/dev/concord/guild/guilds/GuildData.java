package dev.concord.guild.guilds;

import dev.concord.guild.access.GuildIncidents;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A guild as clients read it ({@code GET /guilds/{guild.id}}, and the base of GUILD_CREATE). Emoji and
 * stickers are empty until those features land; {@code approximate_member_count} only with
 * {@code with_counts}.
 *
 * @param homeHeader always null: guild home headers are not supported
 * @param region always {@code "deprecated"}, as the platform sends it since voice regions moved to channels
 * @param nsfw whether the guild is age-restricted ({@link GuildRow#nsfw})
 */
record GuildData(
        Snowflake id,
        String name,
        @Nullable String icon,
        @Nullable String iconHash,
        @Nullable String splash,
        @Nullable String discoverySplash,
        Snowflake ownerId,
        @Nullable Snowflake afkChannelId,
        int afkTimeout,
        boolean widgetEnabled,
        @Nullable Snowflake widgetChannelId,
        int verificationLevel,
        int defaultMessageNotifications,
        int explicitContentFilter,
        List<RoleData> roles,
        List<JsonNode> emojis,
        List<String> features,
        int mfaLevel,
        @Nullable Snowflake applicationId,
        @Nullable Snowflake systemChannelId,
        int systemChannelFlags,
        @Nullable Snowflake rulesChannelId,
        @Nullable Integer maxPresences,
        int maxMembers,
        @Nullable String vanityUrlCode,
        @Nullable String description,
        @Nullable String homeHeader,
        @Nullable String banner,
        int premiumTier,
        int premiumSubscriptionCount,
        String preferredLocale,
        @Nullable Snowflake publicUpdatesChannelId,
        int maxVideoChannelUsers,
        int maxStageVideoChannelUsers,
        Possible<Integer> approximateMemberCount,
        int nsfwLevel,
        boolean nsfw,
        String region,
        List<JsonNode> stickers,
        boolean premiumProgressBarEnabled,
        @Nullable Snowflake safetyAlertsChannelId,
        @Nullable GuildIncidents incidentsData) {

    static final int MAX_MEMBERS = 500_000;
    static final int MAX_VIDEO_CHANNEL_USERS = 25;
    static final int MAX_STAGE_VIDEO_CHANNEL_USERS = 50;
    static final String REGION = "deprecated";

    public GuildData {
        roles = List.copyOf(roles);
        emojis = List.copyOf(emojis);
        features = List.copyOf(features);
        stickers = List.copyOf(stickers);
    }

    /** The guild as clients read it; {@code withCounts} adds {@code approximate_member_count}. */
    static GuildData of(GuildRow row, List<RoleData> roles, List<JsonNode> emojis, boolean withCounts) {
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
                emojis,
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
                null,
                row.banner(),
                row.premiumTier(),
                row.premiumSubscriptionCount(),
                row.preferredLocale(),
                row.publicUpdatesChannelId(),
                MAX_VIDEO_CHANNEL_USERS,
                MAX_STAGE_VIDEO_CHANNEL_USERS,
                withCounts ? Possible.of(row.memberCount()) : Possible.absent(),
                row.nsfwLevel(),
                GuildRow.nsfw(row.nsfwLevel()),
                REGION,
                List.of(),
                row.premiumProgressBarEnabled(),
                row.safetyAlertsChannelId(),
                row.incidents());
    }
}
