package dev.concord.gateway.socket;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.OutboundPayload;
import dev.concord.gateway.session.Outbound;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.concurrent.Queues;

/**
 * The bounded queue between a connection and its socket. Producers (the client's own payload handling,
 * event delivery on Kafka threads) offer without blocking; the socket drains it only as fast as the
 * client reads, because the socket stops requesting while Netty's write buffer is full. A full queue
 * refuses the payload and the session closes the connection.
 *
 * <p>The sink accepts one producer at a time, so offers hold this object's lock; it is the innermost
 * lock of the gateway and held for a queue insertion only.
 */
final class SocketOutbound implements Outbound {

    private static final int LINK_SLOTS = 16;

    private final Sinks.Many<OutboundPayload> frames;
    private final int capacity;
    /** Payloads offered and not yet taken by the socket. */
    private final AtomicInteger queued = new AtomicInteger();

    private final Sinks.One<CloseCode> closing = Sinks.one();
    private boolean closed;

    SocketOutbound(int capacity) {
        // Lock-free single-producer queue (producers are serialized by this object's lock); a blocking
        // queue would park an event loop whenever producer and socket met on its lock. It grows in links
        // of 16 slots rather than holding its whole bound from the start: an idle connection costs a link,
        // not a 2,048-slot array. The bound is kept by counting what is queued.
        this.capacity = capacity;
        this.frames = Sinks.many()
                .unicast()
                .onBackpressureBuffer(
                        Queues.<OutboundPayload>unbounded(LINK_SLOTS).get());
    }

    @Override
    public boolean offer(String payload) {
        return offer(new OutboundPayload.Control(payload));
    }

    @Override
    public boolean offer(DispatchFrame.Encoded dispatch, long seq) {
        return offer(new OutboundPayload.Dispatch(dispatch, seq));
    }

    private synchronized boolean offer(OutboundPayload payload) {
        if (closed || queued.get() >= capacity) {
            return false;
        }
        queued.incrementAndGet();
        if (frames.tryEmitNext(payload).isSuccess()) {
            return true;
        }
        queued.decrementAndGet();
        return false;
    }

    @Override
    public synchronized void close(CloseCode code) {
        if (!closed) {
            closed = true;
            closing.tryEmitValue(code);
        }
    }

    /** The socket ended by itself (the client left): the frame stream completes, no close frame is due. */
    synchronized void terminate() {
        closed = true;
        frames.tryEmitComplete();
        closing.tryEmitEmpty();
    }

    /** Payloads to write, ending as soon as a close is requested (what is still queued is dropped). */
    Flux<OutboundPayload> frames() {
        return frames.asFlux().doOnNext(taken -> queued.decrementAndGet()).takeUntilOther(closing.asMono());
    }

    /** The close code to send once the frame stream has ended; empty when the socket is already gone. */
    Mono<CloseCode> closeRequest() {
        return closing.asMono();
    }
}
