package dev.concord.gateway.protocol;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The parts of an op 2 Identify the gateway acts on. {@code compress} and {@code large_threshold} are
 * accepted and not needed yet.
 *
 * @param token the token, bare or with its {@code Bot } scheme
 * @param intents the raw {@code intents} field, checked by {@link Intents#check}
 * @param shard {@code [shard_id, num_shards]}; null when not sharding
 * @param properties the client's {@code os}, {@code browser}, {@code device}, as sent (presence-service
 *     reads the session's client from them)
 * @param presence the session's first presence, as sent (presence-service checks it)
 */
public record IdentifyRequest(
        @Nullable String token,
        @Nullable JsonNode intents,
        @Nullable Shard shard,
        @Nullable JsonNode properties,
        @Nullable JsonNode presence) {

    public IdentifyRequest(@Nullable String token, @Nullable JsonNode intents, @Nullable Shard shard) {
        this(token, intents, shard, null, null);
    }

    public static IdentifyRequest parse(JsonNode d) {
        if (!d.isObject()) {
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        JsonNode token = d.get("token");
        return new IdentifyRequest(
                token != null && token.isString() ? token.stringValue() : null,
                d.get("intents"),
                Shard.parse(d.get("shard")),
                objectOrNull(d.get("properties")),
                objectOrNull(d.get("presence")));
    }

    private static @Nullable JsonNode objectOrNull(@Nullable JsonNode value) {
        return value != null && value.isObject() ? value : null;
    }

    @Override
    public String toString() {
        return "IdentifyRequest[token=<hidden>]";
    }
}
