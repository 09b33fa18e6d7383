package dev.concord.bench;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the sockets of {@link StageFanout} receive after READY, sorted on their event loops: each socket's
 * VOICE_SERVER_UPDATE (sent to a user whose op 4 joined the stage), every VOICE_STATE_UPDATE counted (so the
 * run knows when the joins' fan-out is over), and the speaker's VOICE_STATE_UPDATEs counted for the round
 * being timed ({@link MarkedRound}, whose marker is the new {@code "suppress"}). Frames are searched as bytes,
 * not parsed, so that the client on the same two cores as the stack spends as little as it can per frame.
 */
final class StageArrivals implements GatewaySocket.Frames {

    /** The gateway writes a dispatch as {@code {"op":0,"t":"TYPE","s":N,"d":...}} (its DispatchFrame). */
    private static final ByteBuf STATE_HEAD = PresenceArrivals.ascii("{\"op\":0,\"t\":\"VOICE_STATE_UPDATE\",\"s\":");

    private static final ByteBuf SERVER_HEAD = PresenceArrivals.ascii("{\"op\":0,\"t\":\"VOICE_SERVER_UPDATE\",\"s\":");

    /** {@code "user_id":"<speaker>"}: the voice state's own user (its member names the user as {@code "user":{"id"}}). */
    private final ByteBuf speakerField;

    private final CountDownLatch joins;
    /** 1 where the socket's VOICE_SERVER_UPDATE came. */
    private final AtomicIntegerArray joined;
    /** The last round each socket counted: a duplicate frame counts once. Each entry is its socket's event loop's. */
    private final int[] lastRound;

    private final LongAdder states = new LongAdder();
    private final LongAdder strays = new LongAdder();
    private volatile MarkedRound round = MarkedRound.NONE;

    StageArrivals(int sockets, long speaker) {
        this.speakerField = PresenceArrivals.ascii("\"user_id\":\"" + speaker + "\"");
        this.joins = new CountDownLatch(sockets);
        this.joined = new AtomicIntegerArray(sockets);
        this.lastRound = new int[sockets];
        Arrays.fill(lastRound, -1);
    }

    /** Makes {@code next} the round the speaker's VOICE_STATE_UPDATEs count for. */
    void timing(MarkedRound next) {
        round = next;
    }

    /** Counts down once per socket whose user joined voice (its VOICE_SERVER_UPDATE came). */
    CountDownLatch joins() {
        return joins;
    }

    boolean joined(int socket) {
        return joined.get(socket) == 1;
    }

    /** Every VOICE_STATE_UPDATE received so far, on all sockets. */
    long states() {
        return states.sum();
    }

    /** The speaker's VOICE_STATE_UPDATEs no round was waiting for (late, duplicates, or another value). */
    long strays() {
        return strays.sum();
    }

    @Override
    public void frame(GatewaySocket socket, ByteBuf content) {
        long now = System.nanoTime();
        if (PresenceArrivals.startsWith(content, SERVER_HEAD)) {
            if (joined.compareAndSet(socket.index(), 0, 1)) {
                joins.countDown();
            }
            return;
        }
        if (!PresenceArrivals.startsWith(content, STATE_HEAD)) {
            return;
        }
        states.increment();
        if (FrameSearch.indexOf(speakerField, content) < 0) {
            return;
        }
        MarkedRound current = round;
        if (current.matches(content) && lastRound[socket.index()] != current.number) {
            lastRound[socket.index()] = current.number;
            current.arrived(now);
        } else {
            strays.increment();
        }
    }
}
