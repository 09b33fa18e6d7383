package dev.concord.gateway.session;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.GuildMembersRequest;
import dev.concord.gateway.protocol.IdentifyRequest;
import dev.concord.gateway.protocol.InboundPayload;
import dev.concord.gateway.protocol.Opcode;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.gateway.protocol.RateLimiter;
import dev.concord.gateway.protocol.ResumeRequest;
import dev.concord.gateway.protocol.ServerFrames;
import dev.concord.gateway.protocol.VoiceStateRequest;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The protocol state machine of one client connection, independent of the socket: it reads payloads
 * and writes to an {@link Outbound}. Hello, then Heartbeat at any time; Identify (answered with READY
 * once the user is fetched) or Resume; then the session's dispatches.
 *
 * <p>Inbound payloads arrive one at a time, but the identity service's answer and the heartbeat sweep
 * come from other threads, so state changes hold this connection's lock (never while waiting on I/O).
 */
public final class GatewayConnection {

    private enum State {
        AWAITING_IDENTIFY,
        IDENTIFYING,
        RESUMING,
        READY,
        CLOSED
    }

    private static final Logger log = LoggerFactory.getLogger(GatewayConnection.class);

    private final ConnectionServices services;
    private final Outbound outbound;
    private final int version;
    private final String clientAddress;
    private final SessionStarter starter;
    private final RateLimiter rateLimiter = RateLimiter.standard();
    private State state = State.AWAITING_IDENTIFY;
    private long lastHeartbeat;
    private @Nullable Session session;
    /** The Identify's {@code properties}, for opening the session's presence again should it be lost. */
    private @Nullable JsonNode properties;
    /** Whether an op 3 is on its way to presence-service; the next waits, so they apply in order. */
    private boolean presenceInFlight;
    /** The latest op 3 that came meanwhile: only the latest is sent, as each replaces the presence whole. */
    private @Nullable JsonNode presencePending;

    public GatewayConnection(ConnectionServices services, Outbound outbound, int version) {
        this(services, outbound, version, "unknown");
    }

    /** @param clientAddress where the client connects from, for per-address identify limits */
    public GatewayConnection(ConnectionServices services, Outbound outbound, int version, String clientAddress) {
        this.services = services;
        this.outbound = outbound;
        this.version = version;
        this.clientAddress = clientAddress;
        this.starter = new SessionStarter(services);
    }

    /** Sends Hello; the heartbeat clock starts now. */
    public synchronized void open() {
        lastHeartbeat = services.nanoTime().getAsLong();
        send(ServerFrames.hello(services.settings().heartbeatInterval().toMillis()));
    }

    /** Handles one text frame from the client. */
    public synchronized void receive(String text) {
        if (state == State.CLOSED) {
            return;
        }
        try {
            if (!rateLimiter.tryAcquire(services.nanoTime().getAsLong())) {
                throw new ProtocolViolation(CloseCode.RATE_LIMITED);
            }
            handle(InboundPayload.decode(services.mapper(), text));
        } catch (ProtocolViolation violation) {
            close(violation.closeCode());
        } catch (RuntimeException bug) {
            failed(bug);
        }
    }

    private void handle(InboundPayload payload) {
        switch (payload.op()) {
            case Opcode.HEARTBEAT -> heartbeat(payload.d());
            case Opcode.IDENTIFY -> {
                requireAwaitingIdentify();
                identify(IdentifyRequest.parse(payload.d()));
            }
            case Opcode.RESUME -> {
                requireAwaitingIdentify();
                resume(ResumeRequest.parse(payload.d()));
            }
            case Opcode.PRESENCE_UPDATE -> {
                requireAuthenticated();
                if (!payload.d().isObject()) {
                    throw new ProtocolViolation(CloseCode.DECODE_ERROR);
                }
                updatePresence(payload.d());
            }
            case Opcode.VOICE_STATE_UPDATE -> {
                requireAuthenticated();
                VoiceStateRequest request = VoiceStateRequest.parse(payload.d());
                if (session != null) {
                    services.voice().update(session, request);
                }
            }
            // Accepted once authenticated: soundboards are not served yet, but clients send this routinely and
            // must not be disconnected.
            case Opcode.REQUEST_SOUNDBOARD_SOUNDS -> {
                requireAuthenticated();
            }
            case Opcode.REQUEST_GUILD_MEMBERS -> {
                requireAuthenticated();
                GuildMembersRequest request = GuildMembersRequest.parse(payload.d());
                if (session != null) {
                    services.memberRequests().request(session, request);
                }
            }
            default -> throw new ProtocolViolation(CloseCode.UNKNOWN_OPCODE);
        }
    }

    /** {@code lastSeq} is the number of the last dispatch the client got (null before the first). */
    private void heartbeat(JsonNode lastSeq) {
        lastHeartbeat = services.nanoTime().getAsLong();
        send(ServerFrames.HEARTBEAT_ACK);
        if (session != null) {
            if (lastSeq.isIntegralNumber() && lastSeq.canConvertToLong()) {
                session.acknowledge(lastSeq.longValue());
            }
            services.sessions().alive(session);
        }
    }

    private void requireAuthenticated() {
        if (state == State.AWAITING_IDENTIFY) {
            throw new ProtocolViolation(CloseCode.NOT_AUTHENTICATED);
        }
    }

    private void requireAwaitingIdentify() {
        if (state != State.AWAITING_IDENTIFY) {
            throw new ProtocolViolation(CloseCode.ALREADY_AUTHENTICATED);
        }
    }

    /**
     * Op 3: the session's new presence goes to presence-service, one at a time (a burst sends its first
     * and its latest). One that arrives before READY is dropped, as the session it would change does not
     * exist yet. presence-service refusing it (a field out of its limits) closes with 4002.
     */
    private void updatePresence(JsonNode presence) {
        if (session == null) {
            return;
        }
        if (presenceInFlight) {
            presencePending = presence;
            return;
        }
        presenceInFlight = true;
        Session current = session;
        boolean bot = current.principal().isBot();
        SessionPresences presences = services.presences();
        presences
                .update(current.userId(), current.id(), presence, bot)
                .flatMap(outcome -> outcome == SessionPresences.Outcome.UNKNOWN_SESSION
                        ? presences
                                .open(current.userId(), current.id(), properties, presence, bot, List.of())
                                .thenReturn(SessionPresences.Outcome.APPLIED)
                        : Mono.just(outcome))
                .subscribe(this::presenceUpdated, this::presenceFailed);
    }

    private synchronized void presenceUpdated(SessionPresences.Outcome outcome) {
        presenceInFlight = false;
        if (outcome == SessionPresences.Outcome.INVALID) {
            close(CloseCode.DECODE_ERROR);
            return;
        }
        JsonNode next = presencePending;
        presencePending = null;
        if (next != null && state == State.READY) {
            updatePresence(next);
        }
    }

    private synchronized void presenceFailed(Throwable failure) {
        if (failure instanceof ProtocolViolation violation) {
            presenceInFlight = false;
            close(violation.closeCode());
            return;
        }
        log.warn("presence update of session {} failed: {}", session, failure.toString());
        presenceUpdated(SessionPresences.Outcome.APPLIED);
    }

    private void identify(IdentifyRequest request) {
        properties = request.properties();
        Mono<SessionStarter.Identified> identifying = starter.identify(request, clientAddress);
        state = State.IDENTIFYING;
        identifying.subscribe(this::ready, this::identifyFailed);
    }

    /** The session starts under this lock: READY goes out only to a connection still open to own it. */
    private synchronized void ready(SessionStarter.Identified identified) {
        if (state == State.IDENTIFYING) {
            try {
                session = starter.start(identified, outbound, version);
                state = State.READY;
            } catch (RuntimeException bug) {
                starter.abandon(identified);
                failed(bug);
            }
        } else {
            starter.abandon(identified);
        }
    }

    private synchronized void identifyFailed(Throwable failure) {
        if (state == State.IDENTIFYING || state == State.RESUMING) {
            // Anything but a rejected token is on our side: 4000 makes the client retry.
            close(failure instanceof ProtocolViolation violation ? violation.closeCode() : CloseCode.UNKNOWN_ERROR);
        }
    }

    private void resume(ResumeRequest request) {
        Mono<Optional<Session>> finding = starter.find(request);
        state = State.RESUMING;
        finding.subscribe(found -> resumed(request, found), this::identifyFailed);
    }

    /** The session moves here under this lock: only to a connection still open to own it. */
    private synchronized void resumed(ResumeRequest request, Optional<Session> found) {
        if (state != State.RESUMING) {
            return;
        }
        SessionStarter.Resumed resumed = starter.resume(request, found, outbound);
        switch (resumed.outcome()) {
            case INVALID_SEQ -> close(CloseCode.INVALID_SEQ);
            case UNAVAILABLE -> {
                // The client may identify on this same connection afterwards.
                state = State.AWAITING_IDENTIFY;
                send(ServerFrames.INVALID_SESSION);
            }
            case RESUMED -> {
                session = resumed.session();
                state = State.READY;
            }
        }
    }

    /** Called by the heartbeat sweep: closes with 4009 a client silent for longer than the timeout. */
    public synchronized void checkHeartbeat(long nowNanos) {
        if (state != State.CLOSED
                && nowNanos - lastHeartbeat
                        > services.settings().heartbeatTimeout().toNanos()) {
            close(CloseCode.SESSION_TIMED_OUT);
        }
    }

    public synchronized void close(CloseCode code) {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CLOSED;
        outbound.close(code);
    }

    /**
     * The socket is gone. The session waits to be resumed, unless the client closed with 1000 or 1001:
     * a normal close gives the session up.
     */
    public synchronized void closed(int clientCloseCode) {
        state = State.CLOSED;
        log.debug("socket closed ({}), session {}", clientCloseCode, session);
        if (session != null && session.detach(outbound)) {
            if (clientCloseCode == 1000 || clientCloseCode == 1001) {
                services.sessions().end(session);
            } else {
                services.sessions().disconnected(session);
            }
        }
    }

    /** A failure of ours, not the client's: it reconnects (4000) rather than waiting on a dead socket. */
    private void failed(RuntimeException bug) {
        log.error("gateway connection failed", bug);
        close(CloseCode.UNKNOWN_ERROR);
    }

    private void send(String payload) {
        if (!outbound.offer(payload)) {
            close(CloseCode.CLIENT_TOO_SLOW);
        }
    }
}
