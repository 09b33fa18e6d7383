package dev.concord.gateway.protocol;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.NullNode;

/** A client payload {@code {"op", "d"}}; clients may also send {@code s} and {@code t}, which mean nothing inbound. */
public record InboundPayload(int op, JsonNode d) {

    /** Clients never need more; a larger payload is refused before it is parsed. */
    public static final int MAX_LENGTH = 4096;

    /** Parses one text frame; anything but a JSON object with an integer {@code op} is a decode error. */
    public static InboundPayload decode(JsonMapper mapper, String text) {
        if (text.length() > MAX_LENGTH) {
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JacksonException e) {
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        if (root == null || !root.isObject()) {
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        JsonNode op = root.get("op");
        if (op == null || !op.isIntegralNumber() || !op.canConvertToInt()) {
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        JsonNode d = root.get("d");
        return new InboundPayload(op.intValue(), d == null ? NullNode.getInstance() : d);
    }

    @Override
    public String toString() {
        // The opcode only: Identify and Resume carry the token.
        return "InboundPayload[op=" + op + "]";
    }
}
