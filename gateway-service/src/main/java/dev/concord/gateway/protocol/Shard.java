package dev.concord.gateway.protocol;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Which slice of the bot's guilds a connection serves, {@code [shard_id, num_shards]} in Identify and
 * echoed in READY. Every shard currently receives the same events: guilds are not yet delivered.
 */
public record Shard(int id, int count) {

    /** The shard of an Identify; null when the client does not shard; malformed values close 4010. */
    public static @Nullable Shard parse(@Nullable JsonNode shard) {
        if (shard == null || shard.isNull()) {
            return null;
        }
        if (!shard.isArray() || shard.size() != 2 || !isInt(shard.get(0)) || !isInt(shard.get(1))) {
            throw new ProtocolViolation(CloseCode.INVALID_SHARD);
        }
        int id = shard.get(0).intValue();
        int count = shard.get(1).intValue();
        if (count < 1 || id < 0 || id >= count) {
            throw new ProtocolViolation(CloseCode.INVALID_SHARD);
        }
        return new Shard(id, count);
    }

    private static boolean isInt(JsonNode node) {
        return node.isIntegralNumber() && node.canConvertToInt();
    }
}
