package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * A user's notification settings for one channel of a guild (or one private channel), inside their
 * user guild settings.
 *
 * @param collapsed whether the category is collapsed in the sidebar
 * @param flags the channel override flags, bits {@code 1 << 9} to {@code 1 << 14}
 * @param messageNotifications 0 all messages, 1 only mentions, 2 nothing, 3 as the guild says
 */
record ChannelOverrideData(
        Snowflake channelId,
        boolean collapsed,
        int flags,
        int messageNotifications,
        boolean muted,
        @Nullable MuteConfigData muteConfig) {

    /** What a channel the user never set anything for has: it follows its guild. */
    static ChannelOverrideData defaults(Snowflake channelId) {
        return new ChannelOverrideData(channelId, false, 0, MessageNotifications.PARENT_DEFAULT, false, null);
    }
}
