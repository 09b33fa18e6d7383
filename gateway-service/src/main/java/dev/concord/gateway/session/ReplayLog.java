package dev.concord.gateway.session;

import dev.concord.gateway.protocol.DispatchFrame;
import reactor.core.publisher.Mono;

/**
 * Where the dispatches of a home's sessions are written down as they go out, so that if the instance
 * hosting the home dies another one can adopt it and resume its sessions (see {@link HomeAdoption}).
 * Writing is asynchronous and never delays a client; what was not yet written when the host died is
 * missing from the log, and a client that had received it gets op 9 rather than a replay with a gap.
 */
public interface ReplayLog {

    /** A log that keeps nothing: sessions resume only on the instance they are on. */
    ReplayLog NONE = (session, frame, seq) -> {};

    /** {@code frame} went to {@code session} as number {@code seq}; called under the session's lock. */
    void record(Session session, DispatchFrame frame, long seq);

    /** Completes once what was recorded so far is written (at once for a log that keeps nothing). */
    default Mono<Void> flush() {
        return Mono.empty();
    }
}
