package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import tools.jackson.databind.JsonNode;

/**
 * A user's member row in one guild, as {@code POST /internal/users/memberships} answers it, and whether the
 * guild's DMs are paused now (an incident action: members who are not friends may not DM through it).
 */
public record Membership(Snowflake guildId, GuildMember member, boolean guildDmsPaused) {

    public Membership(Snowflake guildId, GuildMember member) {
        this(guildId, member, false);
    }

    public Snowflake userId() {
        return Snowflake.of(member.userId());
    }

    /** One element of the answer's {@code members}; an {@link IllegalArgumentException} when a field is missing. */
    public static Membership read(JsonNode member) {
        return new Membership(
                Snowflake.of(PermissionInputs.id(member, "guild_id")),
                PermissionInputs.member(member),
                member.path("guild_dms_paused").asBoolean(false));
    }
}
