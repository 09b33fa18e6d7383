package dev.concord.gateway.protocol;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An op 6 Resume.
 *
 * @param token the token, bare or with its {@code Bot } scheme
 * @param sessionId the session to continue; a missing one is answered like an unknown session
 * @param seq the last sequence number the client received (0 when it received none)
 */
public record ResumeRequest(
        @Nullable String token, @Nullable String sessionId, long seq) {

    public static ResumeRequest parse(JsonNode d) {
        if (!d.isObject()) {
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        JsonNode seq = d.get("seq");
        long last = 0;
        if (seq != null && !seq.isNull()) {
            if (!seq.isIntegralNumber() || !seq.canConvertToLong()) {
                throw new ProtocolViolation(CloseCode.DECODE_ERROR);
            }
            last = seq.longValue();
            if (last < 0) {
                throw new ProtocolViolation(CloseCode.INVALID_SEQ);
            }
        }
        return new ResumeRequest(text(d.get("token")), text(d.get("session_id")), last);
    }

    private static @Nullable String text(@Nullable JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }

    @Override
    public String toString() {
        return "ResumeRequest[token=<hidden>, sessionId=" + sessionId + ", seq=" + seq + "]";
    }
}
