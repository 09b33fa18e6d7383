package dev.concord.guild.guilds;

import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A guild in {@code GET /users/@me/guilds}: enough to draw it in a list, whether the user owns it, and
 * the user's guild-level permissions as a decimal string.
 */
record PartialGuildData(
        Snowflake id,
        String name,
        @Nullable String icon,
        @Nullable String banner,
        boolean owner,
        String permissions,
        List<String> features,
        Possible<Integer> approximateMemberCount) {

    public PartialGuildData {
        features = List.copyOf(features);
    }

    static PartialGuildData of(GuildRow guild, boolean owner, long permissions, boolean withCounts) {
        return new PartialGuildData(
                guild.id(),
                guild.name(),
                guild.icon(),
                guild.banner(),
                owner,
                Long.toString(permissions),
                guild.features(),
                withCounts ? Possible.of(guild.memberCount()) : Possible.absent());
    }
}
