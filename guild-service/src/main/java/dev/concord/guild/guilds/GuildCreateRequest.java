package dev.concord.guild.guilds;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.ImageData;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code POST /guilds}. Without {@code channels} the guild gets the platform's starter
 * layout; {@code region} is deprecated and ignored, as the platform does.
 */
record GuildCreateRequest(
        String name,
        Possible<String> icon,
        Possible<Integer> verificationLevel,
        Possible<Integer> defaultMessageNotifications,
        Possible<Integer> explicitContentFilter,
        Possible<Integer> afkTimeout,
        Possible<Integer> systemChannelFlags,
        Possible<List<JsonNode>> roles,
        Possible<List<JsonNode>> channels)
        implements Violations.Validatable {

    static final int MIN_NAME = 2;
    static final int MAX_NAME = 100;
    static final List<Integer> VERIFICATION_LEVELS = List.of(0, 1, 2, 3, 4);
    static final List<Integer> NOTIFICATION_LEVELS = List.of(0, 1);
    static final List<Integer> CONTENT_FILTERS = List.of(0, 1, 2);
    static final List<Integer> AFK_TIMEOUTS = List.of(60, 300, 900, 1800, 3600);
    /** Suppress join, boost, setup-tip and sticker-reply notices, and role subscription notices and replies. */
    static final int SYSTEM_CHANNEL_FLAGS = 0b11_1111;

    int verificationLevelOrDefault() {
        return verificationLevel.orElse(0);
    }

    int defaultMessageNotificationsOrDefault() {
        return defaultMessageNotifications.orElse(0);
    }

    int explicitContentFilterOrDefault() {
        return explicitContentFilter.orElse(0);
    }

    int afkTimeoutOrDefault() {
        return afkTimeout.orElse(300);
    }

    int systemChannelFlagsOrDefault() {
        return systemChannelFlags.orElse(0);
    }

    @Override
    public void validate(Violations v) {
        v.required("name", name);
        v.length("name", name == null ? null : name.strip(), MIN_NAME, MAX_NAME);
        ImageData.validate(v, "icon", icon.orNull());
        v.oneOf("verification_level", verificationLevel.orNull(), VERIFICATION_LEVELS);
        v.oneOf("default_message_notifications", defaultMessageNotifications.orNull(), NOTIFICATION_LEVELS);
        v.oneOf("explicit_content_filter", explicitContentFilter.orNull(), CONTENT_FILTERS);
        v.oneOf("afk_timeout", afkTimeout.orNull(), AFK_TIMEOUTS);
        v.flags("system_channel_flags", systemChannelFlags.orNull(), SYSTEM_CHANNEL_FLAGS);
        // Templates of roles and channels are the next step; refuse them clearly until then rather
        // than create a guild that is not what was asked for.
        if (!roles.orElse(List.of()).isEmpty()) {
            GuildErrors.templateUnsupported(v, "roles");
        }
        if (!channels.orElse(List.of()).isEmpty()) {
            GuildErrors.templateUnsupported(v, "channels");
        }
    }
}
