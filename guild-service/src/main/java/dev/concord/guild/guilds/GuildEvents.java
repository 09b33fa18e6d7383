package dev.concord.guild.guilds;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The events guild changes publish on {@code guild.events}, keyed by guild id so one guild's events
 * stay in order.
 */
final class GuildEvents {

    static final String GUILD_CREATE = "GUILD_CREATE";

    private GuildEvents() {}

    /**
     * GUILD_CREATE for a user who now has the guild: the guild with its channels and that user's own
     * member, the way the gateway sends it to a session (lazy guilds: other members come on request).
     */
    static DomainEvent guildCreate(JsonMapper mapper, GuildData guild, List<ChannelData> channels, MemberData member,
            int memberCount) {
        ObjectNode data = mapper.valueToTree(guild);
        data.put("joined_at", member.joinedAt().toString());
        data.put("large", false);
        data.put("unavailable", false);
        data.put("member_count", memberCount);
        data.set("members", mapper.valueToTree(List.of(member)));
        data.set("channels", mapper.valueToTree(channels));
        for (String empty : List.of("voice_states", "threads", "presences", "stage_instances", "guild_scheduled_events",
                "soundboard_sounds")) {
            data.putArray(empty);
        }
        Snowflake user = member.user().id();
        return new DomainEvent(GUILD_CREATE, guild.id().asString(), Audience.users(user), data);
    }
}
