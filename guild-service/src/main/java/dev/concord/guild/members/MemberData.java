package dev.concord.guild.members;

import dev.concord.guild.access.MemberRow;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A guild member as clients read it; {@code roles} never lists @everyone.
 *
 * @param banner always null: per-guild profile banners are not supported
 */
public record MemberData(
        PartialUser user,
        @Nullable String nick,
        @Nullable String avatar,
        @Nullable String banner,
        List<Snowflake> roles,
        Instant joinedAt,
        @Nullable Instant premiumSince,
        boolean deaf,
        boolean mute,
        int flags,
        boolean pending,
        @Nullable Instant communicationDisabledUntil) {

    public MemberData {
        roles = List.copyOf(roles);
    }

    public static MemberData of(MemberRow row, PartialUser user) {
        return new MemberData(
                user,
                row.nick(),
                row.avatar(),
                null,
                Arrays.stream(row.roleIds()).mapToObj(Snowflake::of).toList(),
                row.joinedAt(),
                row.premiumSince(),
                row.deaf(),
                row.mute(),
                row.flags(),
                row.pending(),
                row.communicationDisabledUntil());
    }
}
