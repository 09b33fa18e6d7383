package dev.concord.remoteauth.qr;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.remoteauth.ratelimit.Bucket;
import dev.concord.remoteauth.ratelimit.RateLimiter;
import dev.concord.remoteauth.secret.Secrets;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The desktop's last step: its ticket for a new user token, encrypted for the key it proved, so the token
 * never crosses the wire readable. Attempts count per client address: a ticket is the only credential here.
 */
@Service
class TicketExchange {

    private final Tickets tickets;
    private final TokenIssuer tokens;
    private final Secrets secrets;
    private final RateLimiter limiter;
    private final Bucket attempts;

    TicketExchange(
            Tickets tickets, TokenIssuer tokens, Secrets secrets, RateLimiter limiter, RemoteAuthSettings settings) {
        this.tickets = tickets;
        this.tokens = tokens;
        this.secrets = secrets;
        this.limiter = limiter;
        this.attempts = new Bucket("remote-auth-ticket", settings.ticketAttempts(), settings.attemptWindow());
    }

    /** The base64 {@code encrypted_token} for {@code ticket}. */
    Mono<String> exchange(String ticket, String clientAddress) {
        return limiter.admit(attempts, clientAddress)
                .then(tickets.redeem(ticket))
                .switchIfEmpty(Mono.error(RemoteAuthErrors::invalidTicket))
                .map(grant -> grant.key()
                        .encrypt(
                                tokens.issueUserToken(grant.userId()).token().getBytes(StandardCharsets.US_ASCII),
                                secrets));
    }
}
