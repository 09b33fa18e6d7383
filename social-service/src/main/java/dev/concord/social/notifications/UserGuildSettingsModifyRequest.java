package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * A partial user guild settings: the body of {@code PATCH /users/@me/guilds/{guild.id}/settings} and each
 * value of the bulk PATCH. Omitted fields keep their value; {@code mute_config} may be null (no mute
 * window: the one {@code Possible<Optional<T>>}), no other field may. {@code channel_overrides} maps channel ids to partial overrides, merged
 * channel by channel.
 *
 * <p>{@code suppress_everyone} and {@code suppress_roles} are booleans to the platform's clients, while its
 * interface document types them as integers; both spellings are accepted (true/false, 1/0), so neither
 * kind of client is refused.
 */
record UserGuildSettingsModifyRequest(
        Possible<Map<String, ChannelOverrideModifyRequest>> channelOverrides,
        Possible<Integer> flags,
        Possible<Boolean> hideMutedChannels,
        Possible<Integer> messageNotifications,
        Possible<Boolean> mobilePush,
        Possible<Boolean> muteScheduledEvents,
        Possible<Boolean> muted,
        Possible<Optional<MuteConfigData>> muteConfig,
        Possible<Integer> notifyHighlights,
        Possible<JsonNode> suppressEveryone,
        Possible<JsonNode> suppressRoles)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("channel_overrides", channelOverrides);
        v.notNullIfSent("flags", flags);
        v.notNullIfSent("hide_muted_channels", hideMutedChannels);
        v.notNullIfSent("message_notifications", messageNotifications);
        v.notNullIfSent("mobile_push", mobilePush);
        v.notNullIfSent("mute_scheduled_events", muteScheduledEvents);
        v.notNullIfSent("muted", muted);
        v.notNullIfSent("notify_highlights", notifyHighlights);
        v.notNullIfSent("suppress_everyone", suppressEveryone);
        v.notNullIfSent("suppress_roles", suppressRoles);
        v.flags("flags", flags.orNull(), MessageNotifications.GUILD_FLAGS);
        v.oneOf("message_notifications", messageNotifications.orNull(), MessageNotifications.LEVELS);
        v.oneOf("notify_highlights", notifyHighlights.orNull(), MessageNotifications.HIGHLIGHT_LEVELS);
        checkSwitch(v, "suppress_everyone", suppressEveryone);
        checkSwitch(v, "suppress_roles", suppressRoles);
        MuteConfigData mute = Possible.valueOrNull(muteConfig);
        if (mute != null) {
            mute.validate(v.at("mute_config"));
        }
        if (channelOverrides.isPresent()) {
            validateOverrides(v, channelOverrides.get());
        }
    }

    private static void validateOverrides(Violations v, Map<String, ChannelOverrideModifyRequest> overrides) {
        v.maxItems("channel_overrides", overrides.keySet(), MessageNotifications.MAX_CHANNEL_OVERRIDES);
        Violations each = v.at("channel_overrides");
        Set<Snowflake> seen = new HashSet<>();
        overrides.forEach((key, override) -> {
            Snowflake channel = Ids.parse(key);
            if (channel == null) {
                Ids.notSnowflake(each, key, key);
            } else if (!seen.add(channel)) {
                // "01" and "1" name one channel: which of the two should win is anyone's guess.
                each.add(key, "SET_TYPE_ALREADY_CONTAINS_VALUE", "Another key already names this channel.");
            } else if (override == null) {
                each.required(key, null);
            } else {
                override.validate(each.at(key), channel);
            }
        });
    }

    /** A boolean, or its integer spelling 0 or 1. */
    private static void checkSwitch(Violations v, String field, Possible<JsonNode> value) {
        if (!value.isPresent()) {
            return;
        }
        JsonNode node = value.get();
        boolean integerSpelling = node.isIntegralNumber() && (node.asLong() == 0 || node.asLong() == 1);
        if (!node.isBoolean() && !integerSpelling) {
            v.add(field, "BASE_TYPE_BOOLEAN", "Must be either true or false.");
        }
    }

    private static boolean switchValue(Possible<JsonNode> value, boolean stored) {
        if (!value.isPresent()) {
            return stored;
        }
        JsonNode node = value.get();
        return node.isBoolean() ? node.asBoolean() : node.asLong() == 1;
    }

    /**
     * {@code stored} with this validated body applied, its version unchanged. Overrides stay in channel id
     * order; a channel new to them starts from {@link ChannelOverrideData#defaults}.
     */
    UserGuildSettingsData applyTo(UserGuildSettingsData stored) {
        return new UserGuildSettingsData(
                channelOverrides.isPresent()
                        ? mergeOverrides(stored, channelOverrides.get())
                        : stored.channelOverrides(),
                flags.orElse(stored.flags()),
                stored.guildId(),
                hideMutedChannels.orElse(stored.hideMutedChannels()),
                messageNotifications.orElse(stored.messageNotifications()),
                mobilePush.orElse(stored.mobilePush()),
                muteScheduledEvents.orElse(stored.muteScheduledEvents()),
                muted.orElse(stored.muted()),
                Possible.patch(muteConfig, stored.muteConfig()),
                notifyHighlights.orElse(stored.notifyHighlights()),
                switchValue(suppressEveryone, stored.suppressEveryone()),
                switchValue(suppressRoles, stored.suppressRoles()),
                stored.version());
    }

    private static List<ChannelOverrideData> mergeOverrides(
            UserGuildSettingsData stored, Map<String, ChannelOverrideModifyRequest> changes) {
        Map<Snowflake, ChannelOverrideData> merged = new TreeMap<>();
        stored.channelOverrides().forEach(override -> merged.put(override.channelId(), override));
        changes.forEach((key, change) -> {
            Snowflake channel = Snowflake.parse(key);
            merged.put(channel, change.applyTo(merged.getOrDefault(channel, ChannelOverrideData.defaults(channel))));
        });
        return List.copyOf(merged.values());
    }
}
