package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A user's notification settings for one guild, or for their private channels ({@code guildId} null), as
 * the platform returns them and {@code USER_GUILD_SETTINGS_UPDATE} carries them. Always complete: what a
 * user never set comes from {@link #defaults}.
 *
 * <p>{@code suppress_everyone} and {@code suppress_roles} are booleans on the wire, as the platform sends
 * them and its clients read them (see {@link UserGuildSettingsModifyRequest} for what is accepted).
 *
 * @param channelOverrides in channel id order
 * @param version how many writes changed these settings; 0 for settings never written
 */
record UserGuildSettingsData(
        List<ChannelOverrideData> channelOverrides,
        int flags,
        @Nullable Snowflake guildId,
        boolean hideMutedChannels,
        int messageNotifications,
        boolean mobilePush,
        boolean muteScheduledEvents,
        boolean muted,
        @Nullable MuteConfigData muteConfig,
        int notifyHighlights,
        boolean suppressEveryone,
        boolean suppressRoles,
        long version) {

    public UserGuildSettingsData {
        channelOverrides = channelOverrides == null ? List.of() : Collections.unmodifiableList(channelOverrides);
    }

    /**
     * The settings of a guild the user never changed, as the platform gives them: everything notifies as
     * the guild's default says, pushes reach mobile, nothing is muted, suppressed or hidden.
     */
    static UserGuildSettingsData defaults(GuildKey guild) {
        return new UserGuildSettingsData(
                List.of(),
                0,
                guild.guildId(),
                false,
                MessageNotifications.PARENT_DEFAULT,
                true,
                false,
                false,
                null,
                0,
                false,
                false,
                0);
    }

    UserGuildSettingsData withVersion(long newVersion) {
        return new UserGuildSettingsData(
                channelOverrides,
                flags,
                guildId,
                hideMutedChannels,
                messageNotifications,
                mobilePush,
                muteScheduledEvents,
                muted,
                muteConfig,
                notifyHighlights,
                suppressEveryone,
                suppressRoles,
                newVersion);
    }

    /** Whether the two hold the same settings, whatever their versions. */
    boolean sameSettingsAs(UserGuildSettingsData other) {
        return equals(other.withVersion(version));
    }
}
