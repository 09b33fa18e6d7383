package dev.concord.guild.calls;

import static dev.concord.platform.events.EventTypes.CALL_CREATE;
import static dev.concord.platform.events.EventTypes.CALL_DELETE;
import static dev.concord.platform.events.EventTypes.CALL_UPDATE;
import static dev.concord.platform.events.EventTypes.VOICE_SERVER_UPDATE;
import static dev.concord.platform.events.EventTypes.VOICE_STATE_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A call's events, to the recipients of its channel on {@code guild.events}, keyed by the channel so they
 * arrive in order: CALL_CREATE (who is rung, who is in it), CALL_UPDATE (the ringing changed), CALL_DELETE
 * (the last one left), the VOICE_STATE_UPDATE of each join, change and leave (a voice state without a
 * guild), and VOICE_SERVER_UPDATE to the user who joined.
 */
final class CallEvents {

    private CallEvents() {}

    static DomainEvent created(
            JsonMapper mapper,
            Snowflake channelId,
            CallStore.Joined joined,
            List<CallState> states,
            List<Snowflake> recipients) {
        Map<String, Object> data = call(channelId, joined.messageId(), joined.region(), joined.ringing());
        data.put(
                "voice_states",
                states.stream().map(state -> voiceState(mapper, state)).toList());
        data.put("embedded_activities", List.of());
        return new DomainEvent(CALL_CREATE, channelId.asString(), Audience.users(recipients), data);
    }

    static DomainEvent updated(
            Snowflake channelId,
            Snowflake messageId,
            String region,
            List<Snowflake> ringing,
            List<Snowflake> recipients) {
        return new DomainEvent(
                CALL_UPDATE,
                channelId.asString(),
                Audience.users(recipients),
                call(channelId, messageId, region, ringing));
    }

    static DomainEvent deleted(Snowflake channelId, List<Snowflake> recipients) {
        return new DomainEvent(
                CALL_DELETE, channelId.asString(), Audience.users(recipients), Map.of("channel_id", channelId));
    }

    /** The state of one who joined, changed or left ({@code channel_id} null) the call of {@code channelId}. */
    static DomainEvent stateUpdate(
            JsonMapper mapper, Snowflake channelId, CallState state, List<Snowflake> recipients) {
        return new DomainEvent(
                VOICE_STATE_UPDATE, channelId.asString(), Audience.users(recipients), voiceState(mapper, state));
    }

    static DomainEvent serverUpdate(Snowflake channelId, Snowflake userId, String token, String endpoint) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("token", token);
        data.put("guild_id", null);
        data.put("channel_id", channelId);
        data.put("endpoint", endpoint);
        return new DomainEvent(VOICE_SERVER_UPDATE, channelId.asString(), Audience.users(userId), data);
    }

    /** A voice state as the platform sends one outside guilds: no guild, no member, nobody muted or suppressed. */
    private static ObjectNode voiceState(JsonMapper mapper, CallState state) {
        ObjectNode data = mapper.valueToTree(state);
        data.put("deaf", false);
        data.put("mute", false);
        data.put("suppress", false);
        data.putNull("request_to_speak_timestamp");
        return data;
    }

    private static Map<String, Object> call(
            Snowflake channelId, Snowflake messageId, String region, List<Snowflake> ringing) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("channel_id", channelId);
        data.put("message_id", messageId);
        data.put("region", region);
        data.put("ringing", ringing);
        return data;
    }
}
