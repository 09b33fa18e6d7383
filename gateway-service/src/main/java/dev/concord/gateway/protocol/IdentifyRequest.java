package dev.concord.gateway.protocol;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The parts of an op 2 Identify the gateway acts on. {@code properties}, {@code presence},
 * {@code compress} and {@code large_threshold} are accepted and not needed yet.
 *
 * @param token the token, bare or with its {@code Bot } scheme
 * @param intents the raw {@code intents} field, checked by {@link Intents#check}
 * @param shard {@code [shard_id, num_shards]}; null when not sharding
 */
public record IdentifyRequest(
        @Nullable String token,
        @Nullable JsonNode intents,
        @Nullable Shard shard) {

    public static IdentifyRequest parse(JsonNode d) {
        if (!d.isObject()) {
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        JsonNode token = d.get("token");
        return new IdentifyRequest(
                token != null && token.isString() ? token.stringValue() : null,
                d.get("intents"),
                Shard.parse(d.get("shard")));
    }

    @Override
    public String toString() {
        return "IdentifyRequest[token=<hidden>]";
    }
}
