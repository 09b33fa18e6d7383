package dev.concord.gateway.session;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.IdentifyRequest;
import dev.concord.gateway.protocol.Intents;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.gateway.protocol.ResumeRequest;
import dev.concord.gateway.protocol.Shard;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenKind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** How a connection gets its session: a new one after Identify, or an existing one by Resume. */
final class SessionStarter {

    /**
     * A checked Identify, the user it stands for, their guilds ({@code guildsLate} when guild-service could
     * not list them in time) and, for a bot, its application: all a session needs to start.
     */
    record Identified(
            Principal principal,
            long intents,
            @Nullable Shard shard,
            JsonNode user,
            List<JsonNode> guilds,
            boolean guildsLate,
            @Nullable JsonNode application,
            String sessionId,
            SessionPresences.@Nullable Ready presence) {

        Identified withPresence(SessionPresences.@Nullable Ready presence) {
            return new Identified(
                    principal, intents, shard, user, guilds, guildsLate, application, sessionId, presence);
        }
    }

    /** A Resume's outcome, and the session when it succeeded. */
    record Resumed(Session.Resumption outcome, @Nullable Session session) {}

    private static final Logger log = LoggerFactory.getLogger(SessionStarter.class);

    private final ConnectionServices services;

    SessionStarter(ConnectionServices services) {
        this.services = services;
    }

    /**
     * Checks an Identify at once (token 4004, intents 4013, by throwing), then its limits (4008, as an
     * error), then fetches the user, with the GUILDS intent their guilds, and a bot's application at the
     * same time; a bot asking for privileged intents its application's flags do not grant gets 4014.
     */
    Mono<Identified> identify(IdentifyRequest request, String clientAddress) {
        // A missing token fails authentication as an empty one does.
        String token = Objects.requireNonNullElse(request.token(), "");
        Principal principal = authenticate(token);
        long intents = Intents.check(request.intents(), principal.isBot());
        String authorization = TokenAuthenticator.authorization(principal, token);
        Mono<JsonNode> user = fetched(principal, "user", services.identity().currentUser(authorization));
        Mono<Optional<JsonNode>> application = principal.isBot()
                ? fetched(principal, "application", services.identity().currentApplication(authorization))
                        .doOnNext(found -> Intents.checkPrivileged(
                                intents, found.path("flags").asLong(0)))
                        .map(Optional::of)
                : Mono.just(Optional.empty());
        Shard shard = request.shard();
        Mono<Optional<List<JsonNode>>> guilds = Intents.allows(intents, Intents.GUILDS)
                ? guildsOf(principal)
                        .map(found -> found.map(all -> all.stream()
                                .filter(guild -> shard == null
                                        || shard.covers(guild.path("id").asLong()))
                                .toList()))
                : Mono.just(Optional.of(List.of()));
        String sessionId = services.sessions().newSessionId();
        // Subscribed only once admitted: its failures are the fetch's, after which no session starts. The
        // presence opens last, so that no check after it can refuse the session it opened.
        Mono<Identified> fetched = Mono.zip(user, guilds, application)
                .map(found -> new Identified(
                        principal,
                        intents,
                        shard,
                        found.getT1(),
                        found.getT2().orElse(List.of()),
                        found.getT2().isEmpty(),
                        found.getT3().orElse(null),
                        sessionId,
                        null))
                .flatMap(identified -> presenceOf(identified, request))
                .onErrorResume(failure -> services.limits().giveBack(principal).then(Mono.error(failure)));
        return services.limits().admit(principal, shard, clientAddress).then(fetched);
    }

    /**
     * Opens the session's presence: READY then lists the user's sessions and the presences they see. A
     * presence out of its limits closes the connection (4002); presence-service failing or slow does not
     * hold READY up, which then lists none (the presence is set by the next op 3).
     */
    private Mono<Identified> presenceOf(Identified identified, IdentifyRequest request) {
        Principal principal = identified.principal();
        // GUILD_CREATE carries the guild's presences only for a session that receives presences.
        List<String> guildIds = Intents.allows(identified.intents(), Intents.GUILD_PRESENCES)
                ? identified.guilds().stream()
                        .map(guild -> guild.path("id").asString())
                        .toList()
                : List.of();
        return services.presences()
                .open(
                        principal.userId(),
                        identified.sessionId(),
                        request.properties(),
                        request.presence(),
                        principal.isBot(),
                        guildIds)
                .timeout(services.settings().identifyTimeout())
                .map(identified::withPresence)
                .defaultIfEmpty(identified)
                .onErrorResume(failure -> !(failure instanceof ProtocolViolation), failure -> {
                    log.warn(
                            "READY for user {} lists no presences: presence-service failed: {}",
                            principal.userId(),
                            failure.toString());
                    return Mono.just(identified);
                });
    }

    /** A fetch from the identity service, bounded in time; failures other than a refused token are logged. */
    private Mono<JsonNode> fetched(Principal principal, String what, Mono<JsonNode> fetch) {
        return fetch.timeout(services.settings().identifyTimeout())
                .doOnError(
                        failure -> !(failure instanceof ProtocolViolation),
                        failure -> log.warn(
                                "identify failed fetching the {} of user {}: {}",
                                what,
                                principal.userId(),
                                failure.toString()));
    }

    /**
     * The user's guilds; empty when guild-service fails or is slow: READY goes out regardless, as the
     * session must not hang on it, and the guilds follow it ({@link LateGuilds}).
     */
    private Mono<Optional<List<JsonNode>>> guildsOf(Principal principal) {
        return services.guilds()
                .guildsOf(principal.userId())
                .collectList()
                .timeout(services.settings().identifyTimeout())
                .map(Optional::of)
                .onErrorResume(failure -> {
                    log.warn(
                            "READY for user {} lists no guilds: guild-service failed: {}",
                            principal.userId(),
                            failure.toString());
                    return Mono.just(Optional.empty());
                });
    }

    /**
     * Creates the session on {@code outbound}, dispatches READY, then a GUILD_CREATE per guild (clients
     * count themselves ready once every guild READY lists has arrived), and makes it reachable for events;
     * guilds guild-service could not list in time follow later.
     */
    Session start(Identified identified, Outbound outbound, int version) {
        Principal principal = identified.principal();
        Session session = services.sessions().create(identified.sessionId(), principal, identified.intents());
        session.serve(identified.shard());
        session.attach(outbound);
        // READY takes sequence number 1 and the guilds the next ones: the session is registered for events
        // only after them, so no event comes in between.
        session.dispatchOwn(DispatchFrame.of(
                services.mapper(),
                "READY",
                ReadyPayload.of(
                        services.mapper(),
                        version,
                        identified.user(),
                        identified.guilds(),
                        session,
                        principal.kind() == TokenKind.USER ? principal.staticClientSessionId() : null,
                        services.settings().publicUrl(),
                        identified.shard(),
                        identified.application(),
                        identified.presence())));
        SessionPresences.Ready presence = identified.presence();
        for (JsonNode guild : identified.guilds()) {
            if (presence != null && guild instanceof ObjectNode object) {
                JsonNode presences =
                        presence.guildPresences().path(guild.path("id").asString());
                if (presences.isArray()) {
                    object.set("presences", presences);
                }
            }
            session.dispatchOwn(DispatchFrame.of(services.mapper(), GUILD_CREATE, guild));
        }
        services.sessions().register(session);
        if (identified.guildsLate()) {
            LateGuilds.deliver(services, session, identified.shard());
        }
        return session;
    }

    /**
     * The session a Resume names, if it is the caller's: found here, or here once its home was adopted
     * from an instance that died. Checks the token at once (4004, by throwing).
     */
    Mono<Optional<Session>> find(ResumeRequest request) {
        Principal principal = authenticate(request.token());
        String id = request.sessionId();
        if (id == null) {
            return Mono.just(Optional.empty());
        }
        Mono<Optional<Session>> local = Mono.fromSupplier(() -> services.sessions()
                .find(id)
                .filter(candidate -> candidate.userId().equals(principal.userId())));
        return local.flatMap(found -> found.isPresent()
                ? Mono.just(found)
                : services.homes().adoptHomeOf(id).then(local));
    }

    /** The Identify came to nothing after its presence opened (the connection closed first): it goes. */
    void abandon(Identified identified) {
        services.presences()
                .close(identified.principal().userId(), identified.sessionId())
                .subscribe(
                        null,
                        failure -> log.warn(
                                "presence of abandoned session {} not removed: {}",
                                identified.sessionId(),
                                failure.toString()));
    }

    /** Moves the session found to {@code outbound}, replaying what it missed. */
    Resumed resume(ResumeRequest request, Optional<Session> session, Outbound outbound) {
        if (session.isEmpty()) {
            return new Resumed(Session.Resumption.UNAVAILABLE, null);
        }
        Session found = session.get();
        Session.Resumption outcome = found.resume(
                request.seq(),
                outbound,
                DispatchFrame.of(services.mapper(), "RESUMED", services.mapper().createObjectNode()));
        if (outcome == Session.Resumption.RESUMED) {
            services.sessions().resumed(found);
        }
        return new Resumed(outcome, found);
    }

    /** The token's principal; 4004 when it is missing, forged, revoked or an OAuth2 token. */
    private Principal authenticate(@Nullable String token) {
        return services.authenticator()
                .authenticate(token)
                .orElseThrow(() -> new ProtocolViolation(CloseCode.AUTHENTICATION_FAILED));
    }
}
