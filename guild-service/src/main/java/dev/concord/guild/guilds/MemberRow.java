package dev.concord.guild.guilds;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import java.time.Instant;

/** A row of {@code members}: one user's membership of one guild. {@code roleIds} never lists @everyone. */
public record MemberRow(Snowflake guildId, Snowflake userId, String nick, String avatar, long[] roleIds, Instant joinedAt,
        Instant premiumSince, boolean deaf, boolean mute, boolean pending, Instant communicationDisabledUntil,
        int flags) {

    /** What the permission engine needs of this member. */
    public GuildMember forPermissions() {
        return new GuildMember(userId.value(), roleIds, communicationDisabledUntil);
    }
}
