package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Optional;

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
        Possible<Optional<MuteConfigData>> muteConfig) {

    void validate(Violations v, Snowflake channel) {
        v.notNullIfSent("channel_id", channelId);
        v.notNullIfSent("collapsed", collapsed);
        v.notNullIfSent("flags", flags);
        v.notNullIfSent("message_notifications", messageNotifications);
        v.notNullIfSent("muted", muted);
        if (channelId.isPresent() && !channelId.get().equals(channel)) {
            v.add("channel_id", "BASE_TYPE_INVALID", "Must be the channel id the override is keyed by.");
        }
        v.flags("flags", flags.orNull(), MessageNotifications.CHANNEL_FLAGS);
        v.oneOf("message_notifications", messageNotifications.orNull(), MessageNotifications.LEVELS);
        MuteConfigData mute = Possible.valueOrNull(muteConfig);
        if (mute != null) {
            mute.validate(v.at("mute_config"));
        }
    }

    /** {@code stored} with the fields of this validated body applied. */
    ChannelOverrideData applyTo(ChannelOverrideData stored) {
        return new ChannelOverrideData(
                stored.channelId(),
                collapsed.orElse(stored.collapsed()),
                flags.orElse(stored.flags()),
                messageNotifications.orElse(stored.messageNotifications()),
                muted.orElse(stored.muted()),
                Possible.patch(muteConfig, stored.muteConfig()));
    }
}
