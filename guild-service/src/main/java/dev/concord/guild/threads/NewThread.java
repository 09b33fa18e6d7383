package dev.concord.guild.threads;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A thread about to be stored, every setting decided. {@code invitable} is null but for private threads. */
record NewThread(
        Snowflake id,
        Snowflake guildId,
        Snowflake parentId,
        int type,
        String name,
        Snowflake ownerId,
        int rateLimitPerUser,
        List<Snowflake> appliedTags,
        int autoArchiveDuration,
        @Nullable Boolean invitable) {

    NewThread {
        appliedTags = List.copyOf(appliedTags);
    }
}
