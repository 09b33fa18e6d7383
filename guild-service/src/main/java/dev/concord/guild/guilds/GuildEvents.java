package dev.concord.guild.guilds;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.members.MemberData;
import dev.concord.guild.threads.ThreadData;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The events guild changes publish on {@code guild.events}, keyed by guild id so one guild's events
 * stay in order.
 */
final class GuildEvents {

    /**
     * Over how many members a guild is "large": the platform's default {@code large_threshold} (a client
     * may ask for up to 250 in its identify; the gateway does not narrow this per session yet).
     */
    static final int LARGE_THRESHOLD = 50;

    private GuildEvents() {}

    /**
     * GUILD_CREATE for a user who now has the guild: the guild with its channels and that user's own
     * member, the way the gateway sends it to a session (lazy guilds: other members come on request).
     */
    static DomainEvent guildCreate(
            JsonMapper mapper,
            GuildData guild,
            List<ChannelData> channels,
            List<ThreadData> threads,
            List<JsonNode> scheduledEvents,
            List<Object> stageInstances,
            List<JsonNode> voiceStates,
            MemberData member,
            int memberCount) {
        return new DomainEvent(
                GUILD_CREATE,
                guild.id().asString(),
                Audience.users(member.user().id()),
                guildCreatePayload(
                        mapper,
                        guild,
                        channels,
                        threads,
                        scheduledEvents,
                        stageInstances,
                        voiceStates,
                        member,
                        memberCount));
    }

    /**
     * What GUILD_CREATE carries to one member: the guild, the channels and open threads they can view,
     * the events not yet over, live stages and voice states they can see, their own member and the lists other services fill (voice
     * states, presences, ...) empty.
     */
    static ObjectNode guildCreatePayload(
            JsonMapper mapper,
            GuildData guild,
            List<ChannelData> channels,
            List<ThreadData> threads,
            List<JsonNode> scheduledEvents,
            List<Object> stageInstances,
            List<JsonNode> voiceStates,
            MemberData member,
            int memberCount) {
        ObjectNode data = mapper.valueToTree(guild);
        data.put("joined_at", member.joinedAt().toString());
        data.put("large", memberCount > LARGE_THRESHOLD);
        data.put("unavailable", false);
        data.put("member_count", memberCount);
        data.set("members", mapper.valueToTree(List.of(member)));
        data.set("channels", mapper.valueToTree(channels));
        data.set("threads", mapper.valueToTree(threads));
        data.set("guild_scheduled_events", mapper.valueToTree(scheduledEvents));
        data.set("stage_instances", mapper.valueToTree(stageInstances));
        data.set("voice_states", mapper.valueToTree(voiceStates));
        for (String empty : List.of("presences", "soundboard_sounds")) {
            data.putArray(empty);
        }
        return data;
    }

    /** GUILD_UPDATE: the guild as it now is, to its members. */
    static DomainEvent guildUpdate(GuildData guild) {
        return new DomainEvent(GUILD_UPDATE, guild.id().asString(), Audience.guild(guild.id()), guild);
    }

    /**
     * GUILD_DELETE to users who no longer have the guild: its id and no {@code unavailable}, which tells
     * clients they were removed rather than that the guild is down. Addressed by user: once the guild
     * or the membership is gone, nothing else could say whom to tell.
     */
    static DomainEvent guildDelete(Snowflake guildId, List<Snowflake> users) {
        return new DomainEvent(GUILD_DELETE, guildId.asString(), Audience.users(users), Map.of("id", guildId));
    }

    /** GUILD_MEMBER_ADD: the new member, with {@code guild_id}, to the guild's members (the new one included). */
    static DomainEvent guildMemberAdd(JsonMapper mapper, Snowflake guildId, MemberData member) {
        ObjectNode data = mapper.valueToTree(member);
        data.put("guild_id", guildId.asString());
        return new DomainEvent(GUILD_MEMBER_ADD, guildId.asString(), Audience.guild(guildId), data);
    }

    /** GUILD_MEMBER_REMOVE: who left, to the guild's remaining members. */
    static DomainEvent memberRemove(Snowflake guildId, PartialUser user) {
        return new DomainEvent(
                GUILD_MEMBER_REMOVE,
                guildId.asString(),
                Audience.guild(guildId),
                Map.of("guild_id", guildId, "user", user));
    }
}
