package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import tools.jackson.databind.JsonNode;

/** A user's member row in one guild, as {@code POST /internal/users/memberships} answers it. */
public record Membership(Snowflake guildId, GuildMember member) {

    public Snowflake userId() {
        return Snowflake.of(member.userId());
    }

    /** One element of the answer's {@code members}; an {@link IllegalArgumentException} when a field is missing. */
    public static Membership read(JsonNode member) {
        return new Membership(Snowflake.of(PermissionInputs.id(member, "guild_id")), PermissionInputs.member(member));
    }
}
