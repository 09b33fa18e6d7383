package dev.concord.gateway.session;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.Shard;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;

/**
 * One identified session: who it is, its sequence numbers and replay buffer, and the connection it is
 * attached to, if any. Outlives its connection for the resume window so a reconnecting client misses
 * nothing.
 *
 * <p>Every dispatch takes the session's lock to number, record and queue the payload, so payloads reach
 * the client in sequence order whichever thread produced them. Lock order: connection, then session,
 * then the outbound queue; this class never calls back into a connection.
 */
public final class Session {

    /** What a Resume came to. */
    public enum Resumption {
        RESUMED,
        INVALID_SEQ,
        UNAVAILABLE
    }

    private final String id;
    private final Principal principal;
    private final long intents;
    private final String home;
    private final long ordinal;
    private final ReplayBuffer<DispatchFrame> replay;
    private final ReplayBudget budget;
    private final ReplayLog log;
    private final boolean adopted;
    /** Milliseconds, not an Instant: one object fewer per session. */
    private final long sinceMillis = System.currentTimeMillis();

    private long seq;
    private long seqRecorded;
    /** Frames that came while the session was being handed over here, not numbered yet; null otherwise. */
    private @Nullable List<DispatchFrame> held;

    private boolean heldOverflowed;
    /** Set once, before the session is reachable for events (see {@link #serve}). */
    private @Nullable Shard shard;

    private @Nullable Outbound outbound;
    private @Nullable Disposable expiry;
    private boolean ended;

    Session(String id, Principal principal, long intents, int replayCapacity, ReplayBudget budget) {
        this(id, principal, intents, new Home("local", 0), replayCapacity, budget, ReplayLog.NONE, false);
    }

    /** Where a session belongs: its home (the instance it started on, or the one that adopted it) and its ordinal there. */
    record Home(String id, long ordinal) {}

    Session(
            String id,
            Principal principal,
            long intents,
            Home home,
            int replayCapacity,
            ReplayBudget budget,
            ReplayLog log,
            boolean adopted) {
        this.id = id;
        this.principal = principal;
        this.intents = intents;
        this.home = home.id();
        this.ordinal = home.ordinal();
        this.replay = new ReplayBuffer<>(replayCapacity);
        this.budget = budget;
        this.log = log;
        this.adopted = adopted;
    }

    public String id() {
        return id;
    }

    public Principal principal() {
        return principal;
    }

    public Snowflake userId() {
        return principal.userId();
    }

    /** The home whose event feed and replay log serve it (see {@link HomeAdoption}). */
    public String home() {
        return home;
    }

    /** When it started here (or was adopted): its home's feed owes it no event published before. */
    Instant since() {
        return Instant.ofEpochMilli(sinceMillis);
    }

    /** The number of its last dispatch. */
    synchronized long seq() {
        return seq;
    }

    /** The number to write to the directory, or -1 when it has not moved since it was last written. */
    synchronized long seqToRecord() {
        if (seq == seqRecorded) {
            return -1;
        }
        seqRecorded = seq;
        return seq;
    }

    /** Its number among its home's sessions, naming it in the replay log. */
    long ordinal() {
        return ordinal;
    }

    /** Its Identify's shard; called before the session is registered, never after. */
    void serve(@Nullable Shard shard) {
        this.shard = shard;
    }

    @Nullable
    Shard shard() {
        return shard;
    }

    /** Whether an event of guild {@code guildId} (null: of no guild) is for its shard. */
    public boolean takes(@Nullable Snowflake guildId) {
        return Shard.takes(shard, guildId);
    }

    /** The intents of its Identify, for resolvers that filter events by them. */
    public long intents() {
        return intents;
    }

    /** Numbers, records and sends (when connected) one dispatch; a full queue closes the connection. */
    public synchronized void dispatch(DispatchFrame frame) {
        if (ended) {
            return;
        }
        if (held != null) {
            hold(frame);
            return;
        }
        seq++;
        keep(frame);
        log.record(this, frame, seq);
        DispatchFrame.Encoded bytes = frame.encoded();
        if (outbound != null) {
            if (bytes == null) {
                // Evicted during its own fan-out (the instance's replay memory overflowed meanwhile): this
                // client cannot get it now or by resuming, so it reconnects and gets op 9, then READY.
                outbound.close(CloseCode.UNKNOWN_ERROR);
            } else if (!outbound.offer(bytes, seq)) {
                // The payload stays in the replay buffer: the client gets it when it resumes.
                outbound.close(CloseCode.CLIENT_TOO_SLOW);
            }
        }
        budget.retain(frame);
    }

    /**
     * Dispatches a frame of this session alone (READY, a reply): once it is in the replay ring, nobody
     * else holds it, and the client's acknowledgement lets its bytes go.
     */
    public void dispatchOwn(DispatchFrame frame) {
        dispatch(frame);
        budget.handedOut(frame);
    }

    /**
     * The client has every dispatch up to {@code clientSeq} (its heartbeat says so): a resume never
     * needs them again, so the ring lets go of them (and the instance of their bytes, once no other
     * session keeps them). A resume from an earlier number then gets op 9.
     */
    public synchronized void acknowledge(long clientSeq) {
        replay.trimThrough(clientSeq, this::letGo);
    }

    /** Puts the frame numbered {@link #seq} in the replay ring; a full ring lets go of its oldest. */
    private void keep(DispatchFrame frame) {
        frame.hold();
        DispatchFrame overwritten = replay.add(seq, frame);
        if (overwritten != null) {
            letGo(overwritten);
        }
    }

    private void letGo(DispatchFrame frame) {
        if (frame.letGo()) {
            budget.release(frame);
        }
    }

    /**
     * Restores what the replay log holds for an adopted session: its frames up to its last number, as if
     * dispatched while it was away, without writing them to the log again.
     */
    synchronized void restore(long lastSeq, List<DispatchFrame> tail) {
        replay.startAfter(lastSeq - tail.size());
        seq = lastSeq - tail.size();
        for (DispatchFrame frame : tail) {
            seq++;
            keep(frame);
            budget.retain(frame);
        }
    }

    /** From now on keeps what comes unnumbered, until {@link #settle}: the previous host's numbers are not known yet. */
    synchronized void holdUntilSettled() {
        held = new ArrayList<>();
    }

    private void hold(DispatchFrame frame) {
        List<DispatchFrame> frames = held;
        if (frames != null && frames.size() < replay.capacity()) {
            // Held like a ring's frame: its fan-out may end, and its other holders let go, before it is numbered.
            frame.hold();
            frames.add(frame);
            budget.retain(frame);
        } else {
            heldOverflowed = true;
        }
    }

    /**
     * Takes up the numbers and frames the previous host left ({@link #restore}), then numbers what came
     * meanwhile, leaving out the events the previous host had sent. False when more came meanwhile than
     * the session can keep: the client then gets op 9.
     */
    synchronized boolean settle(long lastSeq, List<DispatchFrame> tail, Predicate<String> sentBefore) {
        List<DispatchFrame> meanwhile = held;
        held = null;
        if (meanwhile == null) {
            return false;
        }
        if (!heldOverflowed) {
            restore(lastSeq, tail);
        }
        for (DispatchFrame frame : meanwhile) {
            String eventId = frame.eventId();
            if (!heldOverflowed && (eventId == null || !sentBefore.test(eventId))) {
                dispatch(frame);
            }
            letGo(frame);
        }
        return !heldOverflowed;
    }

    synchronized void attach(Outbound first) {
        outbound = first;
    }

    /** Moves the session to {@code to}, replays what came after {@code lastSeq}, then dispatches {@code resumed}. */
    synchronized Resumption resume(long lastSeq, Outbound to, DispatchFrame resumed) {
        if (ended) {
            return Resumption.UNAVAILABLE;
        }
        if (lastSeq > seq) {
            // An adopted session lacks what its dead host sent but had not written down: not the client's fault.
            return adopted ? Resumption.UNAVAILABLE : Resumption.INVALID_SEQ;
        }
        List<DispatchFrame> missed = replay.after(lastSeq);
        List<DispatchFrame.Encoded> replayed = missed == null ? null : encodings(missed);
        if (replayed == null) {
            return Resumption.UNAVAILABLE;
        }
        if (outbound != null && outbound != to) {
            outbound.close(CloseCode.SESSION_RESUMED_ELSEWHERE);
        }
        cancelExpiry();
        outbound = to;
        long missedSeq = lastSeq;
        for (DispatchFrame.Encoded payload : replayed) {
            if (!to.offer(payload, ++missedSeq)) {
                to.close(CloseCode.CLIENT_TOO_SLOW);
                break;
            }
        }
        dispatchOwn(resumed);
        return Resumption.RESUMED;
    }

    /** The bytes of each frame, in order; null when one was evicted, so the replay would have a gap. */
    private static @Nullable List<DispatchFrame.Encoded> encodings(List<DispatchFrame> frames) {
        List<DispatchFrame.Encoded> encodings = new ArrayList<>(frames.size());
        for (DispatchFrame frame : frames) {
            DispatchFrame.Encoded bytes = frame.encoded();
            if (bytes == null) {
                return null;
            }
            encodings.add(bytes);
        }
        return encodings;
    }

    /** Closes its connection, if it has one, with {@code code}. */
    synchronized void closeConnection(CloseCode code) {
        if (outbound != null) {
            outbound.close(code);
            outbound = null;
        }
    }

    /** Detaches {@code from} if it is still this session's connection; true when it was. */
    synchronized boolean detach(Outbound from) {
        if (outbound != from || ended) {
            return false;
        }
        outbound = null;
        return true;
    }

    synchronized void expireWith(Disposable timer) {
        cancelExpiry();
        expiry = timer;
    }

    /** Ends the session if no connection came back for it; true when it did end. */
    synchronized boolean endIfDetached() {
        return outbound == null && end();
    }

    /** Ends the session for good; true the first time. */
    synchronized boolean end() {
        if (ended) {
            return false;
        }
        ended = true;
        cancelExpiry();
        replay.trimThrough(seq, this::letGo);
        return true;
    }

    private void cancelExpiry() {
        if (expiry != null) {
            expiry.dispose();
            expiry = null;
        }
    }

    @Override
    public String toString() {
        return "Session[" + id + ", user " + principal.userId() + "]";
    }
}
