package dev.concord.guild.access;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A row of {@code members}: one user's membership of one guild. {@code roleIds} never lists @everyone. */
public record MemberRow(
        Snowflake guildId,
        Snowflake userId,
        @Nullable String nick,
        @Nullable String avatar,
        long[] roleIds,
        Instant joinedAt,
        @Nullable Instant premiumSince,
        boolean deaf,
        boolean mute,
        boolean pending,
        @Nullable Instant communicationDisabledUntil,
        int flags) {

    public static MemberRow read(Readable row) {
        return new MemberRow(
                Columns.requiredSnowflake(row, "guild_id"),
                Columns.requiredSnowflake(row, "user_id"),
                row.get("nick", String.class),
                row.get("avatar", String.class),
                Columns.longs(row, "role_ids"),
                Columns.requiredInstant(row, "joined_at"),
                Columns.instant(row, "premium_since"),
                Columns.bool(row, "deaf"),
                Columns.bool(row, "mute"),
                Columns.bool(row, "pending"),
                Columns.instant(row, "communication_disabled_until"),
                Columns.integer(row, "flags"));
    }

    /** What the permission engine needs of this member. */
    public GuildMember forPermissions() {
        return new GuildMember(userId.value(), roleIds, GuildMember.timeoutOf(communicationDisabledUntil, flags));
    }
}
