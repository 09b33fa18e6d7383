package dev.concord.guild.access;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import io.r2dbc.spi.Readable;
import java.time.Instant;

/** A row of {@code members}: one user's membership of one guild. {@code roleIds} never lists @everyone. */
public record MemberRow(
        Snowflake guildId,
        Snowflake userId,
        String nick,
        String avatar,
        long[] roleIds,
        Instant joinedAt,
        Instant premiumSince,
        boolean deaf,
        boolean mute,
        boolean pending,
        Instant communicationDisabledUntil,
        int flags) {

    public static MemberRow read(Readable row) {
        return new MemberRow(
                Columns.snowflake(row, "guild_id"),
                Columns.snowflake(row, "user_id"),
                row.get("nick", String.class),
                row.get("avatar", String.class),
                Columns.longs(row, "role_ids"),
                Columns.instant(row, "joined_at"),
                Columns.instant(row, "premium_since"),
                Columns.bool(row, "deaf"),
                Columns.bool(row, "mute"),
                Columns.bool(row, "pending"),
                Columns.instant(row, "communication_disabled_until"),
                Columns.integer(row, "flags"));
    }

    /** What the permission engine needs of this member. */
    public GuildMember forPermissions() {
        return new GuildMember(userId.value(), roleIds, communicationDisabledUntil);
    }
}
