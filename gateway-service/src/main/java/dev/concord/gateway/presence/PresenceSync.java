package dev.concord.gateway.presence;

import dev.concord.gateway.session.Session;
import dev.concord.gateway.session.SessionRegistry;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Keeps presence-service's view of this instance's sessions true: a session that ends takes its presence
 * with it, one resumed here is claimed (or opened anew when its presence was lost), and the instance's
 * lease is renewed a few times per heartbeat timeout, so that when the instance dies its users go offline
 * for others within that timeout. A lease found lapsed (presence-service thought this instance dead)
 * makes every session here claim its presence back.
 */
final class PresenceSync implements SmartLifecycle, SessionRegistry.SessionsListener {

    private static final Logger log = LoggerFactory.getLogger(PresenceSync.class);

    private final PresenceServiceClient presences;
    private final SessionRegistry sessions;
    private final Duration lease;
    private volatile @org.jspecify.annotations.Nullable Disposable renewing;

    PresenceSync(PresenceServiceClient presences, SessionRegistry sessions, Duration lease) {
        this.presences = presences;
        this.sessions = sessions;
        this.lease = lease;
        sessions.listenToSessions(this);
    }

    @Override
    public void ended(Session session) {
        presences
                .close(session.userId(), session.id())
                .subscribe(
                        null,
                        failure -> log.warn(
                                "presence of ended session {} not removed: {}", session.id(), failure.toString()));
    }

    @Override
    public void resumed(Session session) {
        claim(session)
                .subscribe(
                        null,
                        failure -> log.warn(
                                "presence of resumed session {} not claimed: {}", session.id(), failure.toString()));
    }

    private Mono<Void> claim(Session session) {
        return presences
                .claim(session.userId(), session.id())
                .flatMap(found -> found
                        ? Mono.empty()
                        : presences
                                .open(
                                        session.userId(),
                                        session.id(),
                                        null,
                                        null,
                                        session.principal().isBot(),
                                        List.of())
                                .then());
    }

    /** Renews the lease now: before the first session opens, and then every quarter of it. */
    @Override
    public void start() {
        renewing = Flux.interval(Duration.ZERO, lease.dividedBy(4))
                .onBackpressureDrop()
                .concatMap(tick -> presences
                        .renewLease(lease)
                        .flatMap(renewed -> renewed ? Mono.<Void>empty() : claimAll())
                        .onErrorResume(failure -> {
                            log.warn("presence lease not renewed: {}", failure.toString());
                            return Mono.empty();
                        }))
                .subscribe();
    }

    private Mono<Void> claimAll() {
        log.warn("presence lease had lapsed: claiming the presences of {} sessions", sessions.size());
        return Flux.fromIterable(sessions.users())
                .flatMapIterable(sessions::ofUser)
                .flatMap(this::claim, 16)
                .onErrorContinue((failure, session) -> log.warn("claim failed: {}", failure.toString()))
                .then();
    }

    @Override
    public void stop() {
        Disposable current = renewing;
        if (current != null) {
            current.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        Disposable current = renewing;
        return current != null && !current.isDisposed();
    }
}
