package dev.concord.guild.voicestates;

import static dev.concord.platform.events.EventTypes.VOICE_SERVER_UPDATE;
import static dev.concord.platform.events.EventTypes.VOICE_STATE_UPDATE;

import dev.concord.guild.members.MemberData;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * VOICE_STATE_UPDATE to the guild (the voice state with its member; {@code channel_id} null for one who
 * left) and VOICE_SERVER_UPDATE to the user who joined (where their client connects for media), on
 * {@code guild.events} keyed by guild id.
 */
final class VoiceStateEvents {

    private VoiceStateEvents() {}

    static DomainEvent stateUpdate(JsonMapper mapper, VoiceState state, MemberData member) {
        ObjectNode data = mapper.valueToTree(state);
        data.set("member", mapper.valueToTree(member));
        return new DomainEvent(VOICE_STATE_UPDATE, state.guildId().asString(), Audience.guild(state.guildId()), data);
    }

    static DomainEvent serverUpdate(Snowflake guildId, Snowflake userId, String token, String endpoint) {
        return new DomainEvent(
                VOICE_SERVER_UPDATE,
                guildId.asString(),
                Audience.users(userId),
                Map.of("token", token, "guild_id", guildId, "endpoint", endpoint));
    }
}
