package dev.concord.remoteauth.qr;

import dev.concord.platform.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/** The payloads the server sends the desktop, rendered as the flat JSON objects of seed 002. */
final class DesktopEvents {

    private static final String HEARTBEAT_ACK = "{\"op\":\"heartbeat_ack\"}";
    private static final String CANCEL = "{\"op\":\"cancel\"}";

    private DesktopEvents() {}

    static String hello(long heartbeatIntervalMillis, long timeoutMillis) {
        Map<String, Object> payload = op("hello");
        payload.put("heartbeat_interval", heartbeatIntervalMillis);
        payload.put("timeout_ms", timeoutMillis);
        return Json.mapper().writeValueAsString(payload);
    }

    static String heartbeatAck() {
        return HEARTBEAT_ACK;
    }

    static String nonceProof(String encryptedNonce) {
        return with("nonce_proof", "encrypted_nonce", encryptedNonce);
    }

    static String pendingRemoteInit(String fingerprint) {
        return with("pending_remote_init", "fingerprint", fingerprint);
    }

    static String pendingTicket(String encryptedUserPayload) {
        return with("pending_ticket", "encrypted_user_payload", encryptedUserPayload);
    }

    static String pendingLogin(String ticket) {
        return with("pending_login", "ticket", ticket);
    }

    static String cancel() {
        return CANCEL;
    }

    private static String with(String op, String field, String value) {
        Map<String, Object> payload = op(op);
        payload.put(field, value);
        return Json.mapper().writeValueAsString(payload);
    }

    private static Map<String, Object> op(String op) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("op", op);
        return payload;
    }
}
