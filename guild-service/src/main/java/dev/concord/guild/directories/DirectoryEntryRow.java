package dev.concord.guild.directories;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A row of {@code directory_entries}: an entity (guild or scheduled event) listed in a directory channel. */
record DirectoryEntryRow(
        Snowflake directoryChannelId,
        Snowflake hubId,
        Snowflake entityId,
        int type,
        int primaryCategoryId,
        @Nullable String description,
        Snowflake authorId,
        Instant createdAt) {

    static final int GUILD = 0;
    static final int GUILD_SCHEDULED_EVENT = 1;

    static DirectoryEntryRow read(Readable row) {
        return new DirectoryEntryRow(
                Columns.requiredSnowflake(row, "directory_channel_id"),
                Columns.requiredSnowflake(row, "guild_id"),
                Columns.requiredSnowflake(row, "entity_id"),
                Columns.integer(row, "type"),
                Columns.integer(row, "primary_category_id"),
                row.get("description", String.class),
                Columns.requiredSnowflake(row, "author_id"),
                Columns.requiredInstant(row, "created_at"));
    }

    DirectoryEntryRow changed(int categoryId, @Nullable String newDescription) {
        return new DirectoryEntryRow(
                directoryChannelId, hubId, entityId, type, categoryId, newDescription, authorId, createdAt);
    }
}
