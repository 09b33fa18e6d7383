package dev.concord.guild.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildRole;
import io.r2dbc.spi.Readable;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A role as clients read it. {@code permissions} is a decimal string (bits above 31 do not fit every
 * client's integers); {@code tags} is left out for roles without any, as the platform does.
 */
public record RoleData(
        Snowflake id,
        String name,
        int color,
        Colors colors,
        boolean hoist,
        @Nullable String icon,
        @Nullable String unicodeEmoji,
        int position,
        String permissions,
        boolean managed,
        boolean mentionable,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JsonNode tags,
        int flags) {

    /** The role's colours: the primary one is {@code color}; gradients are not offered here. */
    public record Colors(
            int primaryColor,
            @Nullable Integer secondaryColor,
            @Nullable Integer tertiaryColor) {}

    /** What the permission engine needs of this role. */
    public GuildRole forPermissions() {
        return new GuildRole(id.value(), position, Long.parseLong(permissions));
    }

    /** A row of {@code roles}; {@code tags} is stored as the platform's JSON object. */
    public static RoleData read(Readable row, JsonMapper mapper) {
        String tags = row.get("tags", String.class);
        return of(
                Columns.requiredSnowflake(row, "id"),
                row.get("name", String.class),
                Columns.integer(row, "color"),
                Columns.bool(row, "hoist"),
                row.get("icon", String.class),
                row.get("unicode_emoji", String.class),
                Columns.integer(row, "position"),
                row.get("permissions", Long.class),
                Columns.bool(row, "managed"),
                Columns.bool(row, "mentionable"),
                tags == null ? null : mapper.readTree(tags),
                Columns.integer(row, "flags"));
    }

    static RoleData of(
            Snowflake id,
            String name,
            int color,
            boolean hoist,
            @Nullable String icon,
            @Nullable String unicodeEmoji,
            int position,
            long permissions,
            boolean managed,
            boolean mentionable,
            @Nullable JsonNode tags,
            int flags) {
        return new RoleData(
                id,
                name,
                color,
                new Colors(color, null, null),
                hoist,
                icon,
                unicodeEmoji,
                position,
                Long.toString(permissions),
                managed,
                mentionable,
                tags,
                flags);
    }
}
