package dev.concord.gateway.protocol;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Which slice of the bot's guilds a connection serves, {@code [shard_id, num_shards]} in Identify and
 * echoed in READY: guild {@code g} belongs to shard {@code (g >> 22) % num_shards}, as the platform
 * splits them, and events outside any guild (direct messages, the bot's own user) go to shard 0.
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

    /** Whether an event of guild {@code guildId} (null: of no guild) goes to a session of {@code shard} (null: unsharded). */
    public static boolean takes(@Nullable Shard shard, @Nullable Snowflake guildId) {
        if (shard == null) {
            return true;
        }
        return guildId == null ? shard.id() == 0 : shard.covers(guildId.value());
    }

    /** Whether guild {@code guildId} is this shard's. */
    public boolean covers(long guildId) {
        return (guildId >>> 22) % count == id;
    }

    /** As a session record keeps it: {@code id/count}. */
    public String asText() {
        return id + "/" + count;
    }

    /** The shard {@link #asText} wrote; null for an empty text. */
    public static @Nullable Shard fromText(String text) {
        if (text.isEmpty()) {
            return null;
        }
        int slash = text.indexOf('/');
        return new Shard(Integer.parseInt(text.substring(0, slash)), Integer.parseInt(text.substring(slash + 1)));
    }

    private static boolean isInt(JsonNode node) {
        return node.isIntegralNumber() && node.canConvertToInt();
    }
}
