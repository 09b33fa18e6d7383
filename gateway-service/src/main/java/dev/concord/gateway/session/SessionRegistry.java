package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.InstanceId;
import dev.concord.gateway.protocol.CloseCode;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.SeededRandom;
import dev.concord.platform.ids.Snowflake;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * This instance's sessions, by id (for Resume) and by user (for delivery). A disconnected session stays
 * here, still collecting dispatches in its replay buffer, until it is resumed or the window runs out.
 */
@Component
public final class SessionRegistry {

    private final Map<String, Session> byId = new ConcurrentHashMap<>();
    /**
     * Immutable lists, replaced whole under the map's lock for the user: most users have one session,
     * which a one-element list holds in a few bytes where a concurrent set per user took a few hundred,
     * and a fan-out reads them without locking.
     */
    private final Map<Snowflake, List<Session>> byUser = new ConcurrentHashMap<>();

    private final SecureRandom random = SeededRandom.create();
    private final SessionDirectory directory;
    private final String ownHome;
    private final AtomicLong ordinals = new AtomicLong();
    private final ReplayLog log;
    private final int replayCapacity;
    private final Duration resumeWindow;
    private final ReplayBudget replayBudget;
    private final List<UsersListener> listeners = new CopyOnWriteArrayList<>();

    /** Told when a session of this instance ends for good, and when one is resumed here. */
    public interface SessionsListener {
        void ended(Session session);

        void resumed(Session session);
    }

    private final List<SessionsListener> sessionListeners = new CopyOnWriteArrayList<>();

    /**
     * Told when a user may have got their first session here or lost their last one. Calls for one user
     * may come in any order from different threads: a listener reads {@link #hasSessions} to know which.
     */
    public interface UsersListener {
        void sessionsChanged(Snowflake userId);
    }

    public SessionRegistry(SessionDirectory directory, GatewaySettings settings, InstanceId instance, ReplayLog log) {
        this.directory = directory;
        this.ownHome = instance.value();
        this.log = log;
        this.replayCapacity = settings.replayBufferSize();
        this.resumeWindow = settings.resumeWindow();
        this.replayBudget =
                new ReplayBudget(settings.replayMemory().toBytes(), settings.resumeWindow(), System::nanoTime);
    }

    /** The instance's replay memory, shared by every session ({@link ReplayExpiry} applies its age limit as time passes). */
    public ReplayBudget replayBudget() {
        return replayBudget;
    }

    /** A new session's id: 32 random hex digits. */
    String newSessionId() {
        byte[] id = new byte[16];
        random.nextBytes(id);
        return HexFormat.of().formatHex(id);
    }

    /** A new session with a random 32-hex-digit id; it receives events once {@link #register}ed. */
    Session create(Principal principal, long intents) {
        return create(newSessionId(), principal, intents);
    }

    /** A new session with the id {@link #newSessionId} gave; it receives events once {@link #register}ed. */
    Session create(String id, Principal principal, long intents) {
        return new Session(
                id,
                principal,
                intents,
                new Session.Home(ownHome, ordinals.incrementAndGet()),
                replayCapacity,
                replayBudget,
                log,
                false);
    }

    /** A session of an adopted home, as its replay log left it; it waits to be resumed like a disconnected one. */
    Session adopted(String id, Principal principal, long intents, Session.Home home) {
        return new Session(id, principal, intents, home, replayCapacity, replayBudget, log, true);
    }

    /**
     * A session another instance is handing over: it joins this instance's home under a new ordinal and
     * holds what comes until the previous host's log is read; reachable for events at once.
     */
    Session handedOver(SessionRecord record) {
        Session session = new Session(
                record.id(),
                record.principal(),
                record.intents(),
                new Session.Home(ownHome, ordinals.incrementAndGet()),
                replayCapacity,
                replayBudget,
                log,
                true);
        session.serve(record.shard());
        session.holdUntilSettled();
        index(session);
        return session;
    }

    /** The handed-over session could not be settled: it goes, and its directory entry stays the previous host's. */
    void abandon(Session session) {
        session.end();
        forget(session);
    }

    /**
     * Gives the session to another instance: it ends here without leaving the directory (the new host
     * rewrites its entry), and a connection still attached is closed as resumed elsewhere.
     */
    void handOver(Session session) {
        if (session.end()) {
            session.closeConnection(CloseCode.SESSION_RESUMED_ELSEWHERE);
            forget(session);
        }
    }

    /** Tells {@code listener} about users arriving and leaving from now on; it is called before events reach them. */
    public void listen(UsersListener listener) {
        listeners.add(listener);
    }

    /** Tells {@code listener} about sessions ending and resuming from now on. */
    public void listenToSessions(SessionsListener listener) {
        sessionListeners.add(listener);
    }

    /** This instance's own home: the one its new sessions belong to. */
    public String ownHome() {
        return ownHome;
    }

    void register(Session session) {
        index(session);
        directory.opened(session);
    }

    public Optional<Session> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The user's sessions on this instance, connected or waiting to be resumed. */
    public Collection<Session> ofUser(Snowflake userId) {
        List<Session> sessions = byUser.get(userId);
        return sessions == null ? List.of() : sessions;
    }

    /** Whether the user has a session on this instance, connected or waiting to be resumed. */
    public boolean hasSessions(Snowflake userId) {
        return byUser.containsKey(userId);
    }

    /** The users with a session on this instance: a live view, not a copy. */
    public Set<Snowflake> users() {
        return Collections.unmodifiableSet(byUser.keySet());
    }

    public int size() {
        return byId.size();
    }

    /** Makes an adopted session reachable for events and Resume; the directory already lists it. */
    void registerAdopted(Session session) {
        index(session);
        disconnected(session);
    }

    /** Whether any session of {@code home} is still here, connected or waiting. */
    boolean hasHome(String home) {
        return byId.values().stream().anyMatch(session -> session.home().equals(home));
    }

    /**
     * Another instance took {@code home} over (this one could not renew its lease in time): its sessions
     * are no longer this instance's to serve, so their clients reconnect and resume there.
     */
    void drop(String home) {
        for (Session session : List.copyOf(byId.values())) {
            if (session.home().equals(home) && session.end()) {
                session.closeConnection(CloseCode.UNKNOWN_ERROR);
                forget(session);
            }
        }
    }

    void resumed(Session session) {
        directory.opened(session);
        sessionListeners.forEach(listener -> listener.resumed(session));
    }

    void alive(Session session) {
        directory.alive(session);
    }

    /** The session lost its connection: it ends unless resumed within the window. */
    void disconnected(Session session) {
        session.expireWith(Mono.delay(resumeWindow).subscribe(tick -> {
            if (session.endIfDetached()) {
                remove(session);
            }
        }));
    }

    /** Ends the session now (the client closed normally, which gives it up). */
    void end(Session session) {
        if (session.end()) {
            remove(session);
        }
    }

    private void remove(Session session) {
        forget(session);
        directory.ended(session);
        sessionListeners.forEach(listener -> listener.ended(session));
    }

    private void index(Session session) {
        byId.put(session.id(), session);
        boolean[] first = {false};
        byUser.compute(session.userId(), (user, sessions) -> {
            first[0] = sessions == null;
            if (sessions == null) {
                return List.of(session);
            }
            if (sessions.contains(session)) {
                return sessions;
            }
            List<Session> more = new ArrayList<>(sessions.size() + 1);
            more.addAll(sessions);
            more.add(session);
            return List.copyOf(more);
        });
        if (first[0]) {
            listeners.forEach(listener -> listener.sessionsChanged(session.userId()));
        }
    }

    private void forget(Session session) {
        byId.remove(session.id(), session);
        boolean[] last = {false};
        byUser.computeIfPresent(session.userId(), (user, sessions) -> {
            List<Session> left =
                    sessions.stream().filter(other -> other != session).toList();
            last[0] = left.isEmpty();
            return left.isEmpty() ? null : left;
        });
        if (last[0]) {
            listeners.forEach(listener -> listener.sessionsChanged(session.userId()));
        }
    }
}
