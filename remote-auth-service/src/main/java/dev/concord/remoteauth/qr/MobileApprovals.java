package dev.concord.remoteauth.qr;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.remoteauth.ratelimit.Bucket;
import dev.concord.remoteauth.ratelimit.RateLimiter;
import dev.concord.remoteauth.secret.Secrets;
import dev.concord.remoteauth.user.UserRow;
import dev.concord.remoteauth.user.UserStore;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The phone's side of remote auth: claim the desktop's session (it learns who is asking), then finish
 * (the desktop gets a ticket) or cancel. Every attempt counts against the user's limit, since each one
 * guesses a fingerprint or a handshake token.
 */
@Service
class MobileApprovals {

    /** What the phone learns by claiming a session. */
    record Claim(String handshakeToken, String desktopAddress, String desktopUserAgent) {
        @Override
        public String toString() {
            return "Claim[]";
        }
    }

    private final DesktopSessions sessions;
    private final DesktopRelay relay;
    private final Tickets tickets;
    private final UserStore users;
    private final Secrets secrets;
    private final RateLimiter limiter;
    private final Bucket attempts;

    MobileApprovals(
            DesktopSessions sessions,
            DesktopRelay relay,
            Tickets tickets,
            UserStore users,
            Secrets secrets,
            RateLimiter limiter,
            RemoteAuthSettings settings) {
        this.sessions = sessions;
        this.relay = relay;
        this.tickets = tickets;
        this.users = users;
        this.secrets = secrets;
        this.limiter = limiter;
        this.attempts = new Bucket("remote-auth-mobile", settings.mobileAttempts(), settings.attemptWindow());
    }

    /** Claims the session of {@code fingerprint} for {@code userId} and shows the desktop who is asking (pending_ticket). */
    Mono<Claim> claim(Snowflake userId, String fingerprint) {
        HandshakeToken token = HandshakeToken.issue(fingerprint, secrets);
        return admit(userId)
                .then(users.find(userId))
                .switchIfEmpty(Mono.error(ApiErrors::unauthorized))
                .flatMap(user -> sessions.claim(fingerprint, userId, token.secretDigest())
                        .switchIfEmpty(Mono.error(RemoteAuthErrors::unknownSession))
                        .flatMap(claimed -> {
                            String payload = claimed.key().encrypt(userPayload(user), secrets);
                            return deliverOrDiscard(
                                            claimed.node(), fingerprint, DesktopEvents.pendingTicket(payload), false)
                                    .thenReturn(new Claim(token.value(), claimed.address(), claimed.userAgent()));
                        }));
    }

    /** Approves: a ticket for the desktop (pending_login), whose socket then closes normally. */
    Mono<Void> finish(Snowflake userId, HandshakeToken token) {
        return admit(userId).then(settle(userId, token)).flatMap(settled -> tickets.issue(userId, settled.key())
                .flatMap(ticket -> deliverOrDiscard(
                                settled.node(), token.fingerprint(), DesktopEvents.pendingLogin(ticket), true)
                        .onErrorResume(failure -> tickets.revoke(ticket).then(Mono.error(failure)))));
    }

    /** Denies: the desktop hears cancel and its socket closes normally. */
    Mono<Void> cancel(Snowflake userId, HandshakeToken token) {
        return admit(userId)
                .then(settle(userId, token))
                .flatMap(settled -> relay.deliver(settled.node(), token.fingerprint(), DesktopEvents.cancel(), true))
                .then();
    }

    private Mono<DesktopSessions.Settled> settle(Snowflake userId, HandshakeToken token) {
        return sessions.settle(token.fingerprint(), userId, token.secretDigest())
                .switchIfEmpty(Mono.error(RemoteAuthErrors::unknownSession));
    }

    /** A desktop that cannot be reached any more (its instance is gone) leaves a session nobody can use. */
    private Mono<Void> deliverOrDiscard(String node, String fingerprint, String payload, boolean last) {
        return relay.deliver(node, fingerprint, payload, last)
                .flatMap(delivered -> delivered
                        ? Mono.<Void>empty()
                        : sessions.discard(fingerprint).then(Mono.error(RemoteAuthErrors::unknownSession)));
    }

    private Mono<Void> admit(Snowflake userId) {
        return limiter.admit(attempts, userId.asString());
    }

    /** {@code id:discriminator:avatar:username}, avatar 0 when there is none (seed 002). */
    private static byte[] userPayload(UserRow user) {
        String avatar = user.avatar() == null ? "0" : user.avatar();
        return (user.id().asString() + ":0:" + avatar + ":" + user.username()).getBytes(StandardCharsets.UTF_8);
    }
}
