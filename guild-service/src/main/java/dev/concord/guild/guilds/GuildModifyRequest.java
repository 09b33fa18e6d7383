package dev.concord.guild.guilds;

import dev.concord.guild.ImageData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Locales;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Set;

/**
 * The body of {@code PATCH /guilds/{guild.id}}: any subset of the guild's settings. Absent leaves a
 * field unchanged; null clears the nullable ones (images, channels, description). Rules that depend on
 * the guild itself (its channels, its features, who asks) are checked by {@link GuildChanges}.
 */
record GuildModifyRequest(
        Possible<String> name,
        Possible<Integer> verificationLevel,
        Possible<Integer> defaultMessageNotifications,
        Possible<Integer> explicitContentFilter,
        Possible<Snowflake> afkChannelId,
        Possible<Integer> afkTimeout,
        Possible<String> icon,
        Possible<Snowflake> ownerId,
        Possible<String> splash,
        Possible<String> discoverySplash,
        Possible<String> banner,
        Possible<Snowflake> systemChannelId,
        Possible<Integer> systemChannelFlags,
        Possible<Snowflake> rulesChannelId,
        Possible<Snowflake> publicUpdatesChannelId,
        Possible<Snowflake> safetyAlertsChannelId,
        Possible<String> preferredLocale,
        Possible<List<String>> features,
        Possible<String> description,
        Possible<Boolean> premiumProgressBarEnabled)
        implements Violations.Validatable {

    static final int MAX_DESCRIPTION = 120;
    /** Fields that take null to mean "none". */
    static final Set<String> NULLABLE = Set.of(
            "afk_channel_id",
            "icon",
            "splash",
            "discovery_splash",
            "banner",
            "system_channel_id",
            "rules_channel_id",
            "public_updates_channel_id",
            "safety_alerts_channel_id",
            "description");

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("name", name);
        v.notNullIfSent("verification_level", verificationLevel);
        v.notNullIfSent("default_message_notifications", defaultMessageNotifications);
        v.notNullIfSent("explicit_content_filter", explicitContentFilter);
        v.notNullIfSent("afk_timeout", afkTimeout);
        v.notNullIfSent("owner_id", ownerId);
        v.notNullIfSent("system_channel_flags", systemChannelFlags);
        v.notNullIfSent("preferred_locale", preferredLocale);
        v.notNullIfSent("features", features);
        v.notNullIfSent("premium_progress_bar_enabled", premiumProgressBarEnabled);
        v.length(
                "name",
                name.orElse(null) == null ? null : name.get().strip(),
                GuildCreateRequest.MIN_NAME,
                GuildCreateRequest.MAX_NAME);
        v.oneOf("verification_level", verificationLevel.orElse(null), GuildCreateRequest.VERIFICATION_LEVELS);
        v.oneOf(
                "default_message_notifications",
                defaultMessageNotifications.orElse(null),
                GuildCreateRequest.NOTIFICATION_LEVELS);
        v.oneOf("explicit_content_filter", explicitContentFilter.orElse(null), GuildCreateRequest.CONTENT_FILTERS);
        v.oneOf("afk_timeout", afkTimeout.orElse(null), GuildCreateRequest.AFK_TIMEOUTS);
        v.flags("system_channel_flags", systemChannelFlags.orElse(null), GuildCreateRequest.SYSTEM_CHANNEL_FLAGS);
        v.oneOf("preferred_locale", preferredLocale.orElse(null), Locales.SUPPORTED);
        v.length("description", description.orElse(null), 0, MAX_DESCRIPTION);
        ImageData.validate(v, "icon", icon.orElse(null));
        ImageData.validate(v, "splash", splash.orElse(null));
        ImageData.validate(v, "discovery_splash", discoverySplash.orElse(null));
        ImageData.validate(v, "banner", banner.orElse(null));
        List<String> requested = features.orElse(null);
        if (requested != null) {
            for (int i = 0; i < requested.size(); i++) {
                if (requested.get(i) == null) {
                    v.at("features").required(Integer.toString(i), null);
                }
            }
        }
    }
}
