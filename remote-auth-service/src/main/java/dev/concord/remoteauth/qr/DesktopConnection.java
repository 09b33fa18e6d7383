package dev.concord.remoteauth.qr;

import dev.concord.remoteauth.qr.DesktopHandshake.Step;
import dev.concord.remoteauth.secret.Secrets;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
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
    /** The fingerprint this socket holds in the relay, once its key is proven; guarded by this object. */
    private @Nullable String registered;

    private boolean ended;

    DesktopConnection(
            Secrets secrets,
            DesktopOutbound outbound,
            DesktopSessions sessions,
            DesktopRelay relay,
            Instant deadline,
            String address,
            String userAgent) {
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

    /**
     * The socket is gone: so is the session, unless the phone already ended it. Whatever fingerprint was
     * registered is given up, even if its session was still being opened (the script checks the
     * connection, so closing one that never opened is harmless).
     */
    Mono<Void> closed() {
        String candidate;
        synchronized (this) {
            ended = true;
            candidate = registered;
        }
        if (candidate == null) {
            return Mono.empty();
        }
        relay.unregister(candidate, this);
        return sessions.close(candidate, id);
    }

    private Mono<Void> open(DesktopKey key) {
        String candidate = key.fingerprint();
        // Registered before the fingerprint is shown, so no phone can reach the session before the relay can.
        if (!register(candidate)) {
            // The key is in use by another socket here, which keeps it; or this socket is already gone.
            outbound.close(RemoteAuthClose.HANDSHAKE_FAILURE);
            return Mono.empty();
        }
        DesktopSessions.Desktop desktop =
                new DesktopSessions.Desktop(candidate, key, relay.node(), id, address, userAgent);
        return sessions.open(desktop, deadline).onErrorReturn(false).flatMap(opened -> {
            if (opened && hasEnded()) {
                // The socket closed while the session was being opened, perhaps before its close reached Redis.
                return sessions.close(candidate, id);
            }
            if (opened) {
                outbound.offer(DesktopEvents.pendingRemoteInit(candidate));
                return Mono.empty();
            }
            // In use by a socket elsewhere, or Redis failed: either way this handshake cannot finish.
            relay.unregister(candidate, this);
            outbound.close(RemoteAuthClose.HANDSHAKE_FAILURE);
            return Mono.empty();
        });
    }

    private synchronized boolean hasEnded() {
        return ended;
    }

    private synchronized boolean register(String candidate) {
        if (ended || !relay.register(candidate, this)) {
            return false;
        }
        registered = candidate;
        return true;
    }
}
