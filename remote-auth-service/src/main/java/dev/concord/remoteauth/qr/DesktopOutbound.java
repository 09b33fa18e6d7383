package dev.concord.remoteauth.qr;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.concurrent.Queues;

/**
 * The bounded queue between a desktop connection and its socket. The desktop's own commands, the phone's
 * deliveries (on Redis threads) and the lifespan timer all offer without blocking; offers hold this
 * object's lock for a queue insertion only, since the sink takes one producer at a time. A session sends
 * a handful of payloads in all, so a full queue means a desktop that stopped reading: it is closed with
 * 4003, as good as timed out.
 */
final class DesktopOutbound {

    private static final int CAPACITY = 16;

    private final Sinks.Many<String> frames = Sinks.many()
            .unicast()
            .onBackpressureBuffer(Queues.<String>get(CAPACITY).get());
    private final Sinks.One<RemoteAuthClose> closing = Sinks.one();
    private boolean closed;

    synchronized void offer(String payload) {
        if (!closed && frames.tryEmitNext(payload).isFailure()) {
            close(RemoteAuthClose.TIMEOUT);
        }
    }

    /** Sends what is queued, then the close frame; later offers are dropped. */
    synchronized void close(RemoteAuthClose code) {
        if (!closed) {
            closed = true;
            frames.tryEmitComplete();
            closing.tryEmitValue(code);
        }
    }

    /** The socket ended by itself: nothing more is sent, no close frame is due. */
    synchronized void terminate() {
        closed = true;
        frames.tryEmitComplete();
        closing.tryEmitEmpty();
    }

    Flux<String> frames() {
        return frames.asFlux();
    }

    /** The close code to send once the queued frames are out; empty when the socket is already gone. */
    Mono<RemoteAuthClose> closeRequest() {
        return closing.asMono();
    }
}
