package dev.concord.gateway.session;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;

/**
 * The sending side of one client connection: a bounded queue in front of the socket. Safe to call from
 * any thread; never blocks.
 */
public interface Outbound {

    /**
     * Queues a payload for the client. False when the queue is full (the client reads too slowly) or the
     * connection is closing; the payload is then not sent.
     */
    boolean offer(String payload);

    /** Queues a dispatch's bytes shared with other sessions, numbered {@code seq} for this one; as {@link #offer(String)}. */
    boolean offer(DispatchFrame.Encoded dispatch, long seq);

    /** Closes the connection with {@code code}; payloads still queued are dropped. Idempotent. */
    void close(CloseCode code);
}
