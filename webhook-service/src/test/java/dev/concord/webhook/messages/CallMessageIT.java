package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A DM call's system message, kept from guild-service's call events: posted as it starts, ended with it. */
class CallMessageIT extends MessageApiSupport {

    @Test
    void aCallPostsItsMessageCountsWhoJoinedAndEndsIt() {
        Snowflake caller = newUser("caller");
        Snowflake callee = newUser("callee");
        Snowflake dm = directMessage(caller, callee);
        Snowflake messageId = newId();
        Instant endedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusSeconds(30);
        Map<String, Object> audience = Map.of("user_ids", List.of(caller.asString(), callee.asString()));
        Map<String, Object> created = Map.of(
                "channel_id", dm.asString(),
                "message_id", messageId.asString(),
                "region", "eu-central",
                "ringing", List.of(callee.asString()),
                "voice_states", List.of(voiceState(caller, dm)),
                "embedded_activities", List.of());

        publish("guild.events", dm.asString(), "CALL_CREATE", audience, created);
        JsonNode posted = awaitEvent(e -> isMessageEvent(e, "MESSAGE_CREATE", messageId));
        assertThat(posted.at("/data/type").asInt()).isEqualTo(3);
        assertThat(posted.at("/data/content").asString()).isEmpty();
        assertThat(posted.at("/data/author/id").asString()).isEqualTo(caller.asString());
        assertThat(posted.at("/data/call"))
                .isEqualTo(json("{\"participants\": [\"" + caller + "\"], \"ended_timestamp\": null}"));
        assertThat(isEventFor(posted, "MESSAGE_CREATE", callee)).isTrue();

        publish("guild.events", dm.asString(), "VOICE_STATE_UPDATE", audience, voiceState(callee, dm));
        publish("guild.events", dm.asString(), "CALL_CREATE", audience, created);
        publish(
                newId(),
                endedAt,
                "guild.events",
                dm.asString(),
                "CALL_DELETE",
                audience,
                Map.of("channel_id", dm.asString()));

        JsonNode ended = awaitEvent(e -> isMessageEvent(e, "MESSAGE_UPDATE", messageId));
        assertThat(ended.at("/data/call"))
                .isEqualTo(json("{\"participants\": [\"" + caller + "\", \"" + callee + "\"], \"ended_timestamp\": \""
                        + endedAt + "\"}"));
        JsonNode history = get(callee, "/channels/" + dm + "/messages").body();
        assertThat(history.size())
                .as("a CALL_CREATE handled twice posts one message")
                .isEqualTo(1);
        assertThat(history.at("/0/id").asString()).isEqualTo(messageId.asString());
        assertThat(history.at("/0/call/ended_timestamp").asString()).isEqualTo(endedAt.toString());
        assertThat(stored("SELECT count(*) FROM message_calls WHERE channel_id = :id AND ended_at IS NULL", dm))
                .as("no call of the channel is open")
                .isZero();
    }

    @Test
    void aGuildVoiceStateOrACallOfAnUnknownChannelChangesNothing() {
        Snowflake user = newUser("voice");
        Snowflake dm = directMessage(user, newUser("other"));
        Snowflake unknown = newId();
        Snowflake messageId = newId();
        Map<String, Object> audience = Map.of("user_ids", List.of(user.asString()));

        publish(
                "guild.events",
                unknown.asString(),
                "CALL_CREATE",
                audience,
                Map.of(
                        "channel_id", unknown.asString(),
                        "message_id", messageId.asString(),
                        "voice_states", List.of(voiceState(user, unknown))));
        Snowflake later = newId();
        publish(
                "guild.events",
                dm.asString(),
                "CALL_CREATE",
                audience,
                Map.of(
                        "channel_id", dm.asString(),
                        "message_id", later.asString(),
                        "voice_states", List.of(voiceState(user, dm))));
        awaitEvent(e -> isMessageEvent(e, "MESSAGE_CREATE", later));

        assertThat(stored("SELECT count(*) FROM messages WHERE id = :id", messageId))
                .as("the unknown channel's event was skipped, and the consumer went on")
                .isZero();
        publish(
                "guild.events",
                dm.asString(),
                "VOICE_STATE_UPDATE",
                audience,
                Map.of("guild_id", newId().asString(), "channel_id", dm.asString(), "user_id", newId().asString()));
        // Keyed by the channel as the voice state was: handled after it.
        publish("guild.events", dm.asString(), "CALL_DELETE", audience, Map.of("channel_id", dm.asString()));
        JsonNode ended = awaitEvent(e -> isMessageEvent(e, "MESSAGE_UPDATE", later));
        assertThat(ended.at("/data/call/participants"))
                .as("a guild's voice state is no call's")
                .isEqualTo(json("[\"" + user + "\"]"));
    }

    private static Map<String, Object> voiceState(Snowflake user, Snowflake channel) {
        return Map.of(
                "user_id",
                user.asString(),
                "channel_id",
                channel.asString(),
                "session_id",
                "s-" + user.value(),
                "self_mute",
                false,
                "self_deaf",
                false,
                "suppress",
                false);
    }

    private static boolean isMessageEvent(JsonNode event, String type, Snowflake messageId) {
        return event.path("type").asString().equals(type)
                && event.at("/data/id").asString().equals(messageId.asString());
    }
}
