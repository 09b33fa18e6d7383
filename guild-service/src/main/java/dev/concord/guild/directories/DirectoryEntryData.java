package dev.concord.guild.directories;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A directory entry as answered: with its directory guild ({@code featurable_in_directory} added to a
 * partial guild) or directory guild scheduled event (the event with its {@code guild} and the reader's
 * {@code user_rsvp}), or neither in the partial list.
 */
record DirectoryEntryData(
        int type,
        Snowflake directoryChannelId,
        Snowflake entityId,
        Instant createdAt,
        int primaryCategoryId,
        @Nullable String description,
        Snowflake authorId,
        Possible<Object> guild,
        Possible<Object> guildScheduledEvent) {

    static DirectoryEntryData partial(DirectoryEntryRow row) {
        return full(row, null, null);
    }

    static DirectoryEntryData full(DirectoryEntryRow row, @Nullable Object guild, @Nullable Object event) {
        return new DirectoryEntryData(
                row.type(),
                row.directoryChannelId(),
                row.entityId(),
                row.createdAt(),
                row.primaryCategoryId(),
                row.description(),
                row.authorId(),
                guild == null ? Possible.absent() : Possible.of(guild),
                event == null ? Possible.absent() : Possible.of(event));
    }
}
