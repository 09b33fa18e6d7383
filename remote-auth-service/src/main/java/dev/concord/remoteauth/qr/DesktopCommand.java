package dev.concord.remoteauth.qr;

import dev.concord.platform.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A payload from the desktop: a flat JSON object whose {@code op} names it. Anything else (not JSON, no
 * op, an op the desktop may not send, a missing field) is {@link Undecodable}, close code 4001.
 */
sealed interface DesktopCommand {

    /** Longer than any command can be (an init carries about 400 characters). */
    int MAX_LENGTH = 4096;

    record Init(String encodedPublicKey) implements DesktopCommand {}

    /** The proof comes as {@code nonce} (documented) or {@code proof} (what clients in circulation send). */
    record NonceProof(String proof) implements DesktopCommand {}

    record Heartbeat() implements DesktopCommand {}

    static DesktopCommand decode(String frame) {
        if (frame.length() > MAX_LENGTH) {
            throw new Undecodable();
        }
        JsonNode payload;
        try {
            payload = Json.mapper().readTree(frame);
        } catch (JacksonException e) {
            throw new Undecodable();
        }
        if (payload == null || !payload.isObject()) {
            throw new Undecodable();
        }
        return switch (payload.path("op").asString("")) {
            case "init" -> new Init(text(payload, "encoded_public_key"));
            case "nonce_proof" ->
                new NonceProof(payload.has("nonce") ? text(payload, "nonce") : text(payload, "proof"));
            case "heartbeat" -> new Heartbeat();
            default -> throw new Undecodable();
        };
    }

    private static String text(JsonNode payload, String field) {
        JsonNode value = payload.get(field);
        if (value == null || !value.isString()) {
            throw new Undecodable();
        }
        return value.asString();
    }

    final class Undecodable extends RuntimeException {
        Undecodable() {
            super("undecodable remote-auth payload", null, false, false);
        }
    }
}
