package dev.concord.gateway.protocol;

import java.nio.charset.StandardCharsets;

/** What waits in a connection's outbound queue: a payload of its own, or a shared dispatch and its number. */
public sealed interface OutboundPayload {

    /** The payload's bytes, made for this one write (zlib-stream compresses them per connection). */
    byte[] bytes();

    /** A payload only this connection gets (Hello, heartbeat ACK, Invalid Session...). */
    record Control(String json) implements OutboundPayload {
        @Override
        public byte[] bytes() {
            return json.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** A dispatch's bytes shared with other sessions, numbered {@code seq} for this one. */
    record Dispatch(DispatchFrame.Encoded encoded, long seq) implements OutboundPayload {
        @Override
        public byte[] bytes() {
            return encoded.bytes(seq);
        }
    }
}
