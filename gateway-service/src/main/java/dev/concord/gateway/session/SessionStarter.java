package dev.concord.gateway.session;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.IdentifyRequest;
import dev.concord.gateway.protocol.Intents;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.gateway.protocol.ResumeRequest;
import dev.concord.gateway.protocol.Shard;
import dev.concord.platform.auth.Principal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** How a connection gets its session: a new one after Identify, or an existing one by Resume. */
final class SessionStarter {

    /** A checked Identify and the user it stands for: all a session needs to start. */
    record Identified(Principal principal, long intents, Shard shard, JsonNode user) {}

    /** A Resume's outcome, and the session when it succeeded. */
    record Resumed(Session.Resumption outcome, Session session) {}

    private static final Logger log = LoggerFactory.getLogger(SessionStarter.class);

    private final ConnectionServices services;

    SessionStarter(ConnectionServices services) {
        this.services = services;
    }

    /** Checks an Identify at once (token 4004, intents 4013/4014, by throwing), then fetches the user. */
    Mono<Identified> identify(IdentifyRequest request) {
        Principal principal = authenticate(request.token());
        long intents = Intents.check(request.intents(), principal.isBot(), services.settings().allowPrivilegedIntents());
        return services.identity()
                .currentUser(TokenAuthenticator.authorization(principal, request.token()))
                .timeout(services.settings().identifyTimeout())
                .doOnError(failure -> !(failure instanceof ProtocolViolation),
                        failure -> log.warn("identify failed fetching user {}: {}", principal.userId(), failure.toString()))
                .map(user -> new Identified(principal, intents, request.shard(), user));
    }

    /** Creates the session on {@code outbound}, dispatches READY and makes it reachable for events. */
    Session start(Identified identified, Outbound outbound, int version) {
        Session session = services.sessions().create(identified.principal(), identified.intents());
        session.attach(outbound);
        // READY takes sequence number 1: the session is registered for events only after it.
        session.dispatch(DispatchFrame.of(services.mapper(), "READY", ReadyPayload.of(services.mapper(), version,
                identified.user(), session, services.settings().publicUrl(), identified.shard(),
                services.settings().allowPrivilegedIntents())));
        services.sessions().register(session);
        return session;
    }

    /** Moves the caller's session to {@code outbound}, replaying what it missed. */
    Resumed resume(ResumeRequest request, Outbound outbound) {
        Principal principal = authenticate(request.token());
        Session found = request.sessionId() == null ? null : services.sessions().find(request.sessionId())
                .filter(candidate -> candidate.userId().equals(principal.userId()))
                .orElse(null);
        if (found == null) {
            return new Resumed(Session.Resumption.UNAVAILABLE, null);
        }
        Session.Resumption outcome = found.resume(request.seq(), outbound,
                DispatchFrame.of(services.mapper(), "RESUMED", services.mapper().createObjectNode()));
        if (outcome == Session.Resumption.RESUMED) {
            services.sessions().resumed(found);
        }
        return new Resumed(outcome, found);
    }

    /** The token's principal; 4004 when it is missing, forged, revoked or an OAuth2 token. */
    private Principal authenticate(String token) {
        return services.authenticator().authenticate(token)
                .orElseThrow(() -> new ProtocolViolation(CloseCode.AUTHENTICATION_FAILED));
    }
}
