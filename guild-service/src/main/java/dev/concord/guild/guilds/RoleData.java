package dev.concord.guild.guilds;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import tools.jackson.databind.JsonNode;

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
        String icon,
        String unicodeEmoji,
        int position,
        String permissions,
        boolean managed,
        boolean mentionable,
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode tags,
        int flags) {

    /** The role's colours: the primary one is {@code color}; gradients are not offered here. */
    public record Colors(int primaryColor, Integer secondaryColor, Integer tertiaryColor) {}

    public static RoleData of(Snowflake id, String name, int color, boolean hoist, String icon, String unicodeEmoji,
            int position, long permissions, boolean managed, boolean mentionable, JsonNode tags, int flags) {
        return new RoleData(id, name, color, new Colors(color, null, null), hoist, icon, unicodeEmoji, position,
                Long.toString(permissions), managed, mentionable, tags, flags);
    }
}
