package dev.concord.remoteauth.qr;

import dev.concord.remoteauth.qr.DesktopHandshake.Step;
import java.time.Instant;
import reactor.core.publisher.Mono;

/**
 * One desktop socket: its handshake, and once the key is proven, its session in Redis and its place in
 * this instance's relay, both given up when the socket closes. Frames arrive one at a time (the socket
 * handler waits for each), deliveries from the phone on any thread.
 */
final class DesktopConnection {

    private final String id;
    private final DesktopHandshake handshake;
    private final DesktopOutbound outbound;
    private final DesktopSessions sessions;
    private final DesktopRelay relay;
    private final Instant deadline;
    private final String address;
    private final String userAgent;
    private volatile String fingerprint;

    DesktopConnection(Secrets secrets, DesktopOutbound outbound, DesktopSessions sessions, DesktopRelay relay,
            Instant deadline, String address, String userAgent) {
        this.id = secrets.id();
        this.handshake = new DesktopHandshake(secrets);
        this.outbound = outbound;
        this.sessions = sessions;
        this.relay = relay;
        this.deadline = deadline;
        this.address = address;
        this.userAgent = userAgent;
    }

    Mono<Void> receive(String frame) {
        Step step = handshake.receive(frame);
        if (step instanceof Step.Reply reply) {
            outbound.offer(reply.payload());
        } else if (step instanceof Step.Close close) {
            outbound.close(close.code());
        } else if (step instanceof Step.Proven proven) {
            return open(proven.key());
        }
        return Mono.empty();
    }

    /** A payload from the phone; {@code last} closes the socket normally once it is sent. */
    void deliver(String payload, boolean last) {
        outbound.offer(payload);
        if (last) {
            outbound.close(RemoteAuthClose.NORMAL);
        }
    }

    /** The socket is gone: so is the session, unless the phone already ended it. */
    Mono<Void> closed() {
        String opened = fingerprint;
        if (opened == null) {
            return Mono.empty();
        }
        relay.unregister(opened, this);
        return sessions.close(opened, id);
    }

    private Mono<Void> open(DesktopKey key) {
        String candidate = key.fingerprint();
        // Registered before the fingerprint is shown, so no phone can reach the session before the relay can.
        if (!relay.register(candidate, this)) {
            // The key is in use by another socket here, which keeps it.
            outbound.close(RemoteAuthClose.HANDSHAKE_FAILURE);
            return Mono.empty();
        }
        DesktopSessions.Desktop desktop = new DesktopSessions.Desktop(candidate, key, relay.node(), id, address, userAgent);
        return sessions.open(desktop, deadline)
                .onErrorReturn(false)
                .doOnNext(opened -> {
                    if (opened) {
                        fingerprint = candidate;
                        outbound.offer(DesktopEvents.pendingRemoteInit(candidate));
                    } else {
                        // In use by a socket elsewhere, or Redis failed: either way this handshake cannot finish.
                        relay.unregister(candidate, this);
                        outbound.close(RemoteAuthClose.HANDSHAKE_FAILURE);
                    }
                })
                .then();
    }
}
