package dev.concord.guild.emojis;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.image.ImageFormat;
import io.r2dbc.spi.Readable;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A row of {@code emojis}: a guild's emoji ({@code applicationId} null) or an application's ({@code guildId} null). */
record EmojiRow(
        Snowflake id,
        @Nullable Snowflake guildId,
        @Nullable Snowflake applicationId,
        String name,
        long[] roleIds,
        Snowflake userId,
        boolean animated,
        boolean premium,
        boolean available,
        ImageFormat format) {

    static EmojiRow read(Readable row) {
        return new EmojiRow(
                Columns.requiredSnowflake(row, "id"),
                Columns.snowflake(row, "guild_id"),
                Columns.snowflake(row, "application_id"),
                Objects.requireNonNull(row.get("name", String.class), "name"),
                Columns.longs(row, "role_ids"),
                Columns.requiredSnowflake(row, "user_id"),
                Columns.bool(row, "animated"),
                Columns.bool(row, "premium"),
                Columns.bool(row, "available"),
                ImageFormat.valueOf(Objects.requireNonNull(row.get("format", String.class), "format")
                        .toUpperCase(Locale.ROOT)));
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof EmojiRow row
                && id.equals(row.id)
                && Objects.equals(guildId, row.guildId)
                && Objects.equals(applicationId, row.applicationId)
                && name.equals(row.name)
                && Arrays.equals(roleIds, row.roleIds)
                && userId.equals(row.userId)
                && animated == row.animated
                && premium == row.premium
                && available == row.available
                && format == row.format;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, Arrays.hashCode(roleIds));
    }

    @Override
    public String toString() {
        return "EmojiRow[" + id + ", " + name + "]";
    }
}
