package dev.concord.guild.directories;

import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A guild as a directory shows it: a partial guild, its member count, and that it may be featured there. */
record DirectoryGuild(
        Snowflake id,
        String name,
        @Nullable String icon,
        @Nullable String splash,
        @Nullable String banner,
        @Nullable String description,
        List<String> features,
        int approximateMemberCount,
        boolean featurableInDirectory) {

    DirectoryGuild {
        features = List.copyOf(features);
    }

    static DirectoryGuild of(GuildRow guild) {
        return new DirectoryGuild(
                guild.id(),
                guild.name(),
                guild.icon(),
                guild.splash(),
                guild.banner(),
                guild.description(),
                guild.features(),
                guild.memberCount(),
                true);
    }
}
