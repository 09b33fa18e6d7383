package dev.concord.guild.guilds;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.ColumnChanges.Change;
import dev.concord.guild.GuildErrors;
import dev.concord.guild.ImageData;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.channels.ChannelType;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A validated PATCH checked against the guild it changes, reduced to the columns whose value changes.
 * Channel fields must name a channel of this guild of the right kind; images beyond the icon need the
 * guild feature that shows them; features toggle only the ones a guild may switch itself.
 */
final class GuildChanges {

    /** Features a guild switches itself; the others come with its status and cannot be set. */
    static final Set<String> MUTABLE_FEATURES =
            Set.of("COMMUNITY", "DISCOVERABLE", "INVITES_DISABLED", "RAID_ALERTS_DISABLED");
    /** Switching these changes who may find and join the guild: administrators only. */
    static final Set<String> ADMIN_FEATURES = Set.of("COMMUNITY", "DISCOVERABLE");

    private GuildChanges() {}

    /**
     * The changes {@code request} makes to the guild of {@code access}, with {@code channelTypes} the
     * guild's channels by id; 400 or 403 when it may not make them.
     */
    static List<Change> of(
            GuildModifyRequest request,
            GuildAccess access,
            Map<Long, Integer> channelTypes,
            boolean newOwnerIsMember,
            Instant now) {
        GuildRow guild = access.guild();
        Violations v = new Violations();
        List<Change> changes = new ArrayList<>();
        if (request.ownerId().isPresent()) {
            access.requireOwner();
            if (!newOwnerIsMember) {
                GuildErrors.ownerNotMember(v);
            }
        }
        Set<String> features = features(request, guild, access, now, v);
        int verification = request.verificationLevel().orElse(guild.verificationLevel());
        int contentFilter = request.explicitContentFilter().orElse(guild.explicitContentFilter());
        Snowflake rules = Possible.patch(request.rulesChannelId(), guild.rulesChannelId());
        Snowflake updates = Possible.patch(request.publicUpdatesChannelId(), guild.publicUpdatesChannelId());
        if (features.contains("COMMUNITY") && !guild.features().contains("COMMUNITY")) {
            if (rules == null || updates == null) {
                GuildErrors.communityChannelsRequired(v);
            }
            if (verification < 1 || contentFilter != 2) {
                GuildErrors.communitySafetyRequired(v);
            }
        }
        channel(v, "afk_channel_id", request.afkChannelId(), channelTypes, ChannelType.VOICE);
        channel(v, "system_channel_id", request.systemChannelId(), channelTypes, ChannelType.TEXT);
        channel(v, "rules_channel_id", request.rulesChannelId(), channelTypes, ChannelType.TEXT);
        channel(v, "public_updates_channel_id", request.publicUpdatesChannelId(), channelTypes, ChannelType.TEXT);
        channel(v, "safety_alerts_channel_id", request.safetyAlertsChannelId(), channelTypes, ChannelType.TEXT);
        featureImage(v, "splash", request.splash(), features, "INVITE_SPLASH");
        featureImage(v, "discovery_splash", request.discoverySplash(), features, "DISCOVERABLE");
        featureImage(v, "banner", request.banner(), features, "BANNER");
        v.throwIfAny();

        ColumnChanges.addIfChanged(changes, "name", request.name().map(String::strip), guild.name(), String.class);
        ColumnChanges.addIfChanged(
                changes, "verification_level", request.verificationLevel(), guild.verificationLevel(), Integer.class);
        ColumnChanges.addIfChanged(
                changes,
                "default_message_notifications",
                request.defaultMessageNotifications(),
                guild.defaultMessageNotifications(),
                Integer.class);
        ColumnChanges.addIfChanged(
                changes,
                "explicit_content_filter",
                request.explicitContentFilter(),
                guild.explicitContentFilter(),
                Integer.class);
        ColumnChanges.addIfChanged(
                changes,
                "afk_channel_id",
                request.afkChannelId().map(id -> id.map(Snowflake::value)),
                id(guild.afkChannelId()),
                Long.class);
        ColumnChanges.addIfChanged(changes, "afk_timeout", request.afkTimeout(), guild.afkTimeout(), Integer.class);
        ColumnChanges.addIfChanged(
                changes, "icon", request.icon().map(image -> image.map(ImageData::hash)), guild.icon(), String.class);
        ColumnChanges.addIfChanged(
                changes,
                "owner_id",
                request.ownerId().map(Snowflake::value),
                guild.ownerId().value(),
                Long.class);
        ColumnChanges.addIfChanged(
                changes,
                "splash",
                request.splash().map(image -> image.map(ImageData::hash)),
                guild.splash(),
                String.class);
        ColumnChanges.addIfChanged(
                changes,
                "discovery_splash",
                request.discoverySplash().map(image -> image.map(ImageData::hash)),
                guild.discoverySplash(),
                String.class);
        ColumnChanges.addIfChanged(
                changes,
                "banner",
                request.banner().map(image -> image.map(ImageData::hash)),
                guild.banner(),
                String.class);
        ColumnChanges.addIfChanged(
                changes,
                "system_channel_id",
                request.systemChannelId().map(id -> id.map(Snowflake::value)),
                id(guild.systemChannelId()),
                Long.class);
        ColumnChanges.addIfChanged(
                changes,
                "system_channel_flags",
                request.systemChannelFlags(),
                guild.systemChannelFlags(),
                Integer.class);
        ColumnChanges.addIfChanged(
                changes,
                "rules_channel_id",
                request.rulesChannelId().map(id -> id.map(Snowflake::value)),
                id(guild.rulesChannelId()),
                Long.class);
        ColumnChanges.addIfChanged(
                changes,
                "public_updates_channel_id",
                request.publicUpdatesChannelId().map(id -> id.map(Snowflake::value)),
                id(guild.publicUpdatesChannelId()),
                Long.class);
        ColumnChanges.addIfChanged(
                changes,
                "safety_alerts_channel_id",
                request.safetyAlertsChannelId().map(id -> id.map(Snowflake::value)),
                id(guild.safetyAlertsChannelId()),
                Long.class);
        ColumnChanges.addIfChanged(
                changes, "preferred_locale", request.preferredLocale(), guild.preferredLocale(), String.class);
        ColumnChanges.addIfChanged(changes, "description", request.description(), guild.description(), String.class);
        ColumnChanges.addIfChanged(
                changes,
                "premium_progress_bar_enabled",
                request.premiumProgressBarEnabled(),
                guild.premiumProgressBarEnabled(),
                Boolean.class);
        if (!features.equals(new LinkedHashSet<>(guild.features()))) {
            changes.add(new Change("features", features.toArray(String[]::new), String[].class));
        }
        return changes;
    }

    /** The guild's features after the request: mutable ones as asked, the rest as they were. */
    private static Set<String> features(
            GuildModifyRequest request, GuildRow guild, GuildAccess access, Instant now, Violations v) {
        Set<String> current = new LinkedHashSet<>(guild.features());
        if (!request.features().isPresent()) {
            return current;
        }
        Set<String> requested = new LinkedHashSet<>(request.features().get());
        Set<String> result = new LinkedHashSet<>();
        for (String feature : current) {
            if (!MUTABLE_FEATURES.contains(feature) || requested.contains(feature)) {
                result.add(feature);
            }
        }
        for (String feature : requested) {
            if (MUTABLE_FEATURES.contains(feature)) {
                result.add(feature);
            } else if (!current.contains(feature)) {
                GuildErrors.featureNotMutable(v, feature);
            }
        }
        for (String feature : ADMIN_FEATURES) {
            if (result.contains(feature) != current.contains(feature) && !access.has(Permission.ADMINISTRATOR, now)) {
                throw ApiErrors.missingPermissions();
            }
        }
        if (result.contains("DISCOVERABLE") && !result.contains("COMMUNITY")) {
            GuildErrors.discoverableNeedsCommunity(v);
        }
        return result;
    }

    private static void channel(
            Violations v,
            String field,
            Possible<Optional<Snowflake>> value,
            Map<Long, Integer> channelTypes,
            int type) {
        Snowflake channel = Possible.valueOrNull(value);
        if (channel != null && !Objects.equals(channelTypes.get(channel.value()), type)) {
            GuildErrors.channelInvalid(v, field, type == ChannelType.VOICE);
        }
    }

    private static void featureImage(
            Violations v, String field, Possible<Optional<String>> value, Set<String> features, String feature) {
        if (Possible.valueOrNull(value) != null && !features.contains(feature)) {
            GuildErrors.guildFeatureRequired(v, field, feature);
        }
    }

    private static @Nullable Long id(@Nullable Snowflake snowflake) {
        return snowflake == null ? null : snowflake.value();
    }
}
