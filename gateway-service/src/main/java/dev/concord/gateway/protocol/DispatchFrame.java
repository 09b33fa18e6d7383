package dev.concord.gateway.protocol;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An op 0 dispatch encoded once and stamped with each session's own sequence number: an event fanned
 * out to many sessions costs one JSON serialization, not one per session.
 */
public final class DispatchFrame {

    private final String type;
    private final String head;
    private final String tail;

    private DispatchFrame(String type, String head, String tail) {
        this.type = type;
        this.head = head;
        this.tail = tail;
    }

    public static DispatchFrame of(JsonMapper mapper, String type, JsonNode data) {
        String head = "{\"op\":" + Opcode.DISPATCH + ",\"t\":" + mapper.writeValueAsString(type) + ",\"s\":";
        String tail = ",\"d\":" + (data == null ? "null" : mapper.writeValueAsString(data)) + "}";
        return new DispatchFrame(type, head, tail);
    }

    public String type() {
        return type;
    }

    /** The payload as sent to a session whose next sequence number is {@code seq}. */
    public String text(long seq) {
        return head + seq + tail;
    }

    @Override
    public String toString() {
        // The type only: data can carry message text.
        return "DispatchFrame[" + type + "]";
    }
}
