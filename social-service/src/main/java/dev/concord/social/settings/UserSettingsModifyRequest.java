package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Locales;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code PATCH /users/@me/settings}: any subset of the settings. Absent leaves a field
 * unchanged; null clears {@code custom_status} (the one {@code Possible<Optional<T>>}) and is refused
 * anywhere else. Three fields clients read cannot be written here; they are typed {@link JsonNode} so
 * that any value, even a mistyped one, gets the same clear answer.
 */
record UserSettingsModifyRequest(
        Possible<List<Snowflake>> activityRestrictedGuildIds,
        Possible<List<Snowflake>> activityJoiningRestrictedGuildIds,
        Possible<Integer> afkTimeout,
        Possible<Boolean> allowAccessibilityDetection,
        Possible<JsonNode> allowActivityPartyPrivacyFriends,
        Possible<JsonNode> allowActivityPartyPrivacyVoiceChannel,
        Possible<Boolean> animateEmoji,
        Possible<Integer> animateStickers,
        Possible<Boolean> contactSyncEnabled,
        Possible<Boolean> convertEmoticons,
        Possible<Optional<CustomStatusData>> customStatus,
        Possible<Boolean> defaultGuildsRestricted,
        Possible<Boolean> detectPlatformAccounts,
        Possible<Boolean> developerMode,
        Possible<Boolean> disableGamesTab,
        Possible<Boolean> enableTtsCommand,
        Possible<Integer> explicitContentFilter,
        Possible<Integer> friendDiscoveryFlags,
        Possible<FriendSourceFlags> friendSourceFlags,
        Possible<Boolean> gifAutoPlay,
        Possible<List<GuildFolderData>> guildFolders,
        Possible<List<Snowflake>> guildPositions,
        Possible<Boolean> inlineAttachmentMedia,
        Possible<Boolean> inlineEmbedMedia,
        Possible<String> locale,
        Possible<Boolean> messageDisplayCompact,
        Possible<Boolean> nativePhoneIntegrationEnabled,
        Possible<Boolean> passwordless,
        Possible<Boolean> renderEmbeds,
        Possible<Boolean> renderReactions,
        Possible<List<Snowflake>> restrictedGuilds,
        Possible<Boolean> showCurrentGame,
        Possible<Integer> slayerSdkReceiveDmsInGame,
        Possible<String> status,
        Possible<Boolean> streamNotificationsEnabled,
        Possible<String> theme,
        Possible<Integer> timezoneOffset,
        Possible<JsonNode> viewNsfwCommands,
        Possible<Boolean> viewNsfwGuilds) {

    static final int MIN_AFK_TIMEOUT = 60;
    static final int MAX_AFK_TIMEOUT = 600;
    /** UTC-12:00 to UTC+14:00, the offsets in use anywhere. */
    static final int MIN_TIMEZONE_OFFSET = -720;

    static final int MAX_TIMEZONE_OFFSET = 840;
    static final int FIND_BY_PHONE = 1 << 1;
    static final int FIND_BY_EMAIL = 1 << 2;
    static final List<Integer> STICKER_ANIMATIONS = List.of(0, 1, 2);
    static final List<Integer> EXPLICIT_CONTENT_FILTERS = List.of(0, 1, 2);
    /** Unset (the client decides), all, users with the game, none. */
    static final List<Integer> IN_GAME_DM_OPTIONS = List.of(0, 1, 2, 3);
    /** "offline" and "unknown" are what others see, never a choice. */
    static final List<String> STATUSES = List.of("online", "dnd", "idle", "invisible");

    static final List<String> THEMES = List.of("dark", "light", "darker", "midnight");

    /**
     * This body, or one 50035 naming every bad field. {@code now} is needed because a custom status
     * must not already have expired.
     */
    UserSettingsModifyRequest checked(Instant now) {
        Violations violations = new Violations();
        validate(violations, now);
        violations.throwIfAny();
        return this;
    }

    void validate(Violations v, Instant now) {
        // Field by field, in the order the body is written; UserSettingsModifyRequestTest sends null to each.
        v.notNullIfSent("activity_restricted_guild_ids", activityRestrictedGuildIds);
        v.notNullIfSent("activity_joining_restricted_guild_ids", activityJoiningRestrictedGuildIds);
        v.notNullIfSent("afk_timeout", afkTimeout);
        v.notNullIfSent("allow_accessibility_detection", allowAccessibilityDetection);
        notModifiable(v, "allow_activity_party_privacy_friends", allowActivityPartyPrivacyFriends);
        notModifiable(v, "allow_activity_party_privacy_voice_channel", allowActivityPartyPrivacyVoiceChannel);
        v.notNullIfSent("animate_emoji", animateEmoji);
        v.notNullIfSent("animate_stickers", animateStickers);
        v.notNullIfSent("contact_sync_enabled", contactSyncEnabled);
        v.notNullIfSent("convert_emoticons", convertEmoticons);
        v.notNullIfSent("default_guilds_restricted", defaultGuildsRestricted);
        v.notNullIfSent("detect_platform_accounts", detectPlatformAccounts);
        v.notNullIfSent("developer_mode", developerMode);
        v.notNullIfSent("disable_games_tab", disableGamesTab);
        v.notNullIfSent("enable_tts_command", enableTtsCommand);
        v.notNullIfSent("explicit_content_filter", explicitContentFilter);
        v.notNullIfSent("friend_discovery_flags", friendDiscoveryFlags);
        v.notNullIfSent("friend_source_flags", friendSourceFlags);
        v.notNullIfSent("gif_auto_play", gifAutoPlay);
        v.notNullIfSent("guild_folders", guildFolders);
        v.notNullIfSent("guild_positions", guildPositions);
        v.notNullIfSent("inline_attachment_media", inlineAttachmentMedia);
        v.notNullIfSent("inline_embed_media", inlineEmbedMedia);
        v.notNullIfSent("locale", locale);
        v.notNullIfSent("message_display_compact", messageDisplayCompact);
        v.notNullIfSent("native_phone_integration_enabled", nativePhoneIntegrationEnabled);
        v.notNullIfSent("passwordless", passwordless);
        v.notNullIfSent("render_embeds", renderEmbeds);
        v.notNullIfSent("render_reactions", renderReactions);
        v.notNullIfSent("restricted_guilds", restrictedGuilds);
        v.notNullIfSent("show_current_game", showCurrentGame);
        v.notNullIfSent("slayer_sdk_receive_dms_in_game", slayerSdkReceiveDmsInGame);
        v.notNullIfSent("status", status);
        v.notNullIfSent("stream_notifications_enabled", streamNotificationsEnabled);
        v.notNullIfSent("theme", theme);
        v.notNullIfSent("timezone_offset", timezoneOffset);
        notModifiable(v, "view_nsfw_commands", viewNsfwCommands);
        v.notNullIfSent("view_nsfw_guilds", viewNsfwGuilds);
        GuildIdSets.check(v, "activity_restricted_guild_ids", activityRestrictedGuildIds.orNull());
        GuildIdSets.check(v, "activity_joining_restricted_guild_ids", activityJoiningRestrictedGuildIds.orNull());
        GuildIdSets.check(v, "restricted_guilds", restrictedGuilds.orNull());
        // The sidebar order before folders (clients still send it): a set, held to the rules of the others.
        GuildIdSets.check(v, "guild_positions", guildPositions.orNull());
        GuildFolderData.validateAll(v, guildFolders.orNull());
        v.range("afk_timeout", afkTimeout.orNull(), MIN_AFK_TIMEOUT, MAX_AFK_TIMEOUT);
        v.range("timezone_offset", timezoneOffset.orNull(), MIN_TIMEZONE_OFFSET, MAX_TIMEZONE_OFFSET);
        v.oneOf("animate_stickers", animateStickers.orNull(), STICKER_ANIMATIONS);
        v.oneOf("explicit_content_filter", explicitContentFilter.orNull(), EXPLICIT_CONTENT_FILTERS);
        v.oneOf("slayer_sdk_receive_dms_in_game", slayerSdkReceiveDmsInGame.orNull(), IN_GAME_DM_OPTIONS);
        v.flags("friend_discovery_flags", friendDiscoveryFlags.orNull(), FIND_BY_PHONE | FIND_BY_EMAIL);
        v.oneOf("locale", locale.orNull(), Locales.SUPPORTED);
        v.oneOf("status", status.orNull(), STATUSES);
        v.oneOf("theme", theme.orNull(), THEMES);
        CustomStatusData custom = Possible.valueOrNull(customStatus);
        if (custom != null) {
            custom.validate(v.at("custom_status"), now);
        }
    }

    /** Read-only here: any value, null included, is refused. */
    private static void notModifiable(Violations v, String field, Possible<JsonNode> value) {
        if (value.isPresent() || value.isSentNull()) {
            v.add(field, "FIELD_NOT_MODIFIABLE", "This field cannot be modified.");
        }
    }
}
