package dev.concord.guild.members;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Member events on {@code guild.events}, keyed by guild id, to every member of the guild. */
final class MemberEvents {

    private MemberEvents() {}

    /** GUILD_MEMBER_UPDATE: the member as they now are, with {@code guild_id}. */
    static DomainEvent memberUpdate(JsonMapper mapper, Snowflake guildId, MemberData member) {
        ObjectNode data = mapper.valueToTree(member);
        data.put("guild_id", guildId.asString());
        return new DomainEvent(GUILD_MEMBER_UPDATE, guildId.asString(), Audience.guild(guildId), data);
    }
}
