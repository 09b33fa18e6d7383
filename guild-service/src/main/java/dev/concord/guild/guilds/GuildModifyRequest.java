package dev.concord.guild.guilds;

import dev.concord.guild.ImageData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Locales;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code PATCH /guilds/{guild.id}}: any subset of the guild's settings. Absent leaves a
 * field unchanged; null clears the nullable ones (images, channels, description: the
 * {@code Possible<Optional<T>>}) and is refused on the others. Rules that depend on the guild itself
 * (its channels, its features, who asks) are checked by {@link GuildChanges}.
 */
record GuildModifyRequest(
        Possible<String> name,
        Possible<Integer> verificationLevel,
        Possible<Integer> defaultMessageNotifications,
        Possible<Integer> explicitContentFilter,
        Possible<Optional<Snowflake>> afkChannelId,
        Possible<Integer> afkTimeout,
        Possible<Optional<String>> icon,
        Possible<Snowflake> ownerId,
        Possible<Optional<String>> splash,
        Possible<Optional<String>> discoverySplash,
        Possible<Optional<String>> banner,
        Possible<Optional<Snowflake>> systemChannelId,
        Possible<Integer> systemChannelFlags,
        Possible<Optional<Snowflake>> rulesChannelId,
        Possible<Optional<Snowflake>> publicUpdatesChannelId,
        Possible<Optional<Snowflake>> safetyAlertsChannelId,
        Possible<String> preferredLocale,
        Possible<List<String>> features,
        Possible<Optional<String>> description,
        Possible<Boolean> premiumProgressBarEnabled)
        implements Violations.Validatable {

    static final int MAX_DESCRIPTION = 120;

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
                name.isPresent() ? name.get().strip() : null,
                GuildCreateRequest.MIN_NAME,
                GuildCreateRequest.MAX_NAME);
        v.oneOf("verification_level", verificationLevel.orNull(), GuildCreateRequest.VERIFICATION_LEVELS);
        v.oneOf(
                "default_message_notifications",
                defaultMessageNotifications.orNull(),
                GuildCreateRequest.NOTIFICATION_LEVELS);
        v.oneOf("explicit_content_filter", explicitContentFilter.orNull(), GuildCreateRequest.CONTENT_FILTERS);
        v.oneOf("afk_timeout", afkTimeout.orNull(), GuildCreateRequest.AFK_TIMEOUTS);
        v.flags("system_channel_flags", systemChannelFlags.orNull(), GuildCreateRequest.SYSTEM_CHANNEL_FLAGS);
        v.oneOf("preferred_locale", preferredLocale.orNull(), Locales.SUPPORTED);
        v.length("description", Possible.valueOrNull(description), 0, MAX_DESCRIPTION);
        ImageData.validate(v, "icon", Possible.valueOrNull(icon));
        ImageData.validate(v, "splash", Possible.valueOrNull(splash));
        ImageData.validate(v, "discovery_splash", Possible.valueOrNull(discoverySplash));
        ImageData.validate(v, "banner", Possible.valueOrNull(banner));
        List<String> requested = features.orNull();
        if (requested != null) {
            for (int i = 0; i < requested.size(); i++) {
                if (requested.get(i) == null) {
                    v.at("features").required(Integer.toString(i), null);
                }
            }
        }
    }
}
