package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Locales;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A user's settings as every client reads them ({@code GET /users/@me/settings}). Only
 * {@code customStatus} is nullable. Clients of the platform rely on every field being present, so this
 * is always complete: what a user never set comes from {@link #DEFAULTS}.
 */
record UserSettingsData(
        List<Snowflake> activityRestrictedGuildIds,
        List<Snowflake> activityJoiningRestrictedGuildIds,
        int afkTimeout,
        boolean allowAccessibilityDetection,
        boolean allowActivityPartyPrivacyFriends,
        boolean allowActivityPartyPrivacyVoiceChannel,
        boolean animateEmoji,
        int animateStickers,
        boolean contactSyncEnabled,
        boolean convertEmoticons,
        @Nullable CustomStatusData customStatus,
        boolean defaultGuildsRestricted,
        boolean detectPlatformAccounts,
        boolean developerMode,
        boolean disableGamesTab,
        boolean enableTtsCommand,
        int explicitContentFilter,
        int friendDiscoveryFlags,
        FriendSourceFlags friendSourceFlags,
        boolean gifAutoPlay,
        List<GuildFolderData> guildFolders,
        List<Snowflake> guildPositions,
        boolean inlineAttachmentMedia,
        boolean inlineEmbedMedia,
        String locale,
        boolean messageDisplayCompact,
        boolean nativePhoneIntegrationEnabled,
        boolean passwordless,
        boolean renderEmbeds,
        boolean renderReactions,
        List<Snowflake> restrictedGuilds,
        boolean showCurrentGame,
        int slayerSdkReceiveDmsInGame,
        String status,
        boolean streamNotificationsEnabled,
        String theme,
        int timezoneOffset,
        boolean viewNsfwCommands,
        boolean viewNsfwGuilds) {

    /**
     * A new account's settings, as the platform gives them: everything shown and animated, the AFK
     * timeout at its maximum, DMs from non-friends scanned (explicit content filter 1), anyone may send
     * a friend request, discovery by phone or email off until the user opts in, in-game DMs unset (the
     * client's own default applies).
     */
    public static final UserSettingsData DEFAULTS = new UserSettingsData(
            List.of(),
            List.of(),
            600,
            false,
            true,
            true,
            true,
            0,
            false,
            true,
            null,
            false,
            true,
            false,
            false,
            true,
            1,
            0,
            FriendSourceFlags.EVERYONE,
            true,
            List.of(),
            List.of(),
            true,
            true,
            Locales.DEFAULT,
            false,
            true,
            true,
            true,
            true,
            List.of(),
            true,
            0,
            "online",
            true,
            "dark",
            0,
            false,
            true);

    /**
     * A custom status with nothing to show is no custom status: one stored form for one meaning. Lists
     * are read-only because read settings are cached and shared between requests.
     */
    public UserSettingsData {
        if (customStatus != null && customStatus.showsNothing()) {
            customStatus = null;
        }
        activityRestrictedGuildIds = readOnly(activityRestrictedGuildIds);
        activityJoiningRestrictedGuildIds = readOnly(activityJoiningRestrictedGuildIds);
        guildFolders = readOnly(guildFolders);
        guildPositions = readOnly(guildPositions);
        restrictedGuilds = readOnly(restrictedGuilds);
    }

    static <T> @Nullable List<T> readOnly(@Nullable List<T> list) {
        return list == null ? null : Collections.unmodifiableList(list);
    }
}
