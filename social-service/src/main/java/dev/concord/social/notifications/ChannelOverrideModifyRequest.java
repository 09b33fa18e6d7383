package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/**
 * One channel's entry in the {@code channel_overrides} map of a partial user guild settings: the fields
 * sent are merged into what is stored for that channel, the others keep their value. The map key names
 * the channel; a {@code channel_id} in the body, which clients may copy from the stored override, must
 * name the same one.
 */
record ChannelOverrideModifyRequest(
        Possible<Snowflake> channelId,
        Possible<Boolean> collapsed,
        Possible<Integer> flags,
        Possible<Integer> messageNotifications,
        Possible<Boolean> muted,
        Possible<MuteConfigData> muteConfig) {

    void validate(Violations v, Snowflake channel) {
        Json.mapper().valueToTree(this).properties().forEach(field -> {
            if (field.getValue().isNull() && !field.getKey().equals("mute_config")) {
                v.required(field.getKey(), null);
            }
        });
        if (channelId.hasValue() && !channelId.get().equals(channel)) {
            v.add("channel_id", "BASE_TYPE_INVALID", "Must be the channel id the override is keyed by.");
        }
        v.flags("flags", flags.orElse(null), MessageNotifications.CHANNEL_FLAGS);
        v.oneOf("message_notifications", messageNotifications.orElse(null), MessageNotifications.LEVELS);
        if (muteConfig.hasValue()) {
            muteConfig.get().validate(v.at("mute_config"));
        }
    }

    /** {@code stored} with the fields of this validated body applied. */
    ChannelOverrideData applyTo(ChannelOverrideData stored) {
        return new ChannelOverrideData(
                stored.channelId(),
                collapsed.valueOr(stored.collapsed()),
                flags.valueOr(stored.flags()),
                messageNotifications.valueOr(stored.messageNotifications()),
                muted.valueOr(stored.muted()),
                muteConfig.orElse(stored.muteConfig()));
    }
}
