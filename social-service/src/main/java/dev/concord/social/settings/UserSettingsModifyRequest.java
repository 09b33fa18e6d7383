package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Locales;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code PATCH /users/@me/settings}: any subset of the settings. Absent leaves a field
 * unchanged; null clears {@code custom_status} and is refused anywhere else. Three fields clients read
 * cannot be written here; they are typed {@link JsonNode} so that any value, even a mistyped one, gets
 * the same clear answer.
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
        Possible<CustomStatusData> customStatus,
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

    static final Set<String> NULLABLE = Set.of("custom_status");
    static final Set<String> REFUSED = Set.of(
            "allow_activity_party_privacy_friends", "allow_activity_party_privacy_voice_channel", "view_nsfw_commands");

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
        // By wire name, from the body itself, so no field can be forgotten.
        Json.mapper().valueToTree(this).properties().forEach(field -> {
            if (REFUSED.contains(field.getKey())) {
                v.add(field.getKey(), "FIELD_NOT_MODIFIABLE", "This field cannot be modified.");
            } else if (field.getValue().isNull() && !NULLABLE.contains(field.getKey())) {
                v.required(field.getKey(), null);
            }
        });
        GuildIdSets.check(v, "activity_restricted_guild_ids", activityRestrictedGuildIds.orElse(null));
        GuildIdSets.check(v, "activity_joining_restricted_guild_ids", activityJoiningRestrictedGuildIds.orElse(null));
        GuildIdSets.check(v, "restricted_guilds", restrictedGuilds.orElse(null));
        GuildFolderData.validateAll(v, guildFolders.orElse(null));
        v.range("afk_timeout", afkTimeout.orElse(null), MIN_AFK_TIMEOUT, MAX_AFK_TIMEOUT);
        v.range("timezone_offset", timezoneOffset.orElse(null), MIN_TIMEZONE_OFFSET, MAX_TIMEZONE_OFFSET);
        v.oneOf("animate_stickers", animateStickers.orElse(null), STICKER_ANIMATIONS);
        v.oneOf("explicit_content_filter", explicitContentFilter.orElse(null), EXPLICIT_CONTENT_FILTERS);
        v.oneOf("slayer_sdk_receive_dms_in_game", slayerSdkReceiveDmsInGame.orElse(null), IN_GAME_DM_OPTIONS);
        v.flags("friend_discovery_flags", friendDiscoveryFlags.orElse(null), FIND_BY_PHONE | FIND_BY_EMAIL);
        v.oneOf("locale", locale.orElse(null), Locales.SUPPORTED);
        v.oneOf("status", status.orElse(null), STATUSES);
        v.oneOf("theme", theme.orElse(null), THEMES);
        if (customStatus.hasValue()) {
            customStatus.get().validate(v.at("custom_status"), now);
        }
    }
}
