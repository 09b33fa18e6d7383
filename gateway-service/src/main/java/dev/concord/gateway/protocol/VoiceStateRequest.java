package dev.concord.gateway.protocol;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An op 4 Voice State Update: be in {@code channelId} of the guild (null: leave voice there), muted and
 * deafened by oneself or not. {@code guild_id} null is a call in a DM or group DM. A payload of the wrong
 * shape closes 4002, as for every other op.
 */
public record VoiceStateRequest(
        @Nullable Snowflake guildId,
        @Nullable Snowflake channelId,
        boolean selfMute,
        boolean selfDeaf,
        boolean selfVideo) {

    public static VoiceStateRequest parse(JsonNode d) {
        if (!d.isObject()) {
            throw decodeError();
        }
        return new VoiceStateRequest(
                snowflake(d.get("guild_id")),
                snowflake(d.get("channel_id")),
                flag(d.get("self_mute")),
                flag(d.get("self_deaf")),
                flag(d.get("self_video")));
    }

    private static @Nullable Snowflake snowflake(@Nullable JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        Snowflake id = node.isString()
                ? Snowflake.parseOrNull(node.stringValue())
                : node.isIntegralNumber() && node.canConvertToLong() && node.longValue() >= 0
                        ? Snowflake.of(node.longValue())
                        : null;
        if (id == null) {
            throw decodeError();
        }
        return id;
    }

    private static boolean flag(@Nullable JsonNode node) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (!node.isBoolean()) {
            throw decodeError();
        }
        return node.booleanValue();
    }

    private static ProtocolViolation decodeError() {
        return new ProtocolViolation(CloseCode.DECODE_ERROR);
    }
}
