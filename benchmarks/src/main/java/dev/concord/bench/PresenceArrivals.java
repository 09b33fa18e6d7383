package dev.concord.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the sockets of {@link PresenceFanout} receive, sorted on their event loops: every dispatch's number
 * (for the heartbeat), and the friends' PRESENCE_UPDATEs (those without a {@code guild_id}) — about the star,
 * counted for the round being timed ({@link MarkedRound}), or about anyone else, counted for the sustained load.
 * Frames are searched as bytes, not parsed, so that the client on the same two cores as the stack spends as
 * little as it can per frame.
 */
final class PresenceArrivals {

    /** The gateway writes a dispatch as {@code {"op":0,"t":"TYPE","s":N,"d":...}} (its DispatchFrame). */
    private static final ByteBuf PRESENCE_HEAD = ascii("{\"op\":0,\"t\":\"PRESENCE_UPDATE\",\"s\":");

    private static final ByteBuf SEQUENCE_KEY = ascii("\"s\":");
    /** The head is short; the number is looked for only there. */
    private static final int SEQUENCE_SEARCH = 96;

    private static final ByteBuf GUILD_ID = ascii("\"guild_id\"");
    private static final ByteBuf USER_ID = ascii("\"user\":{\"id\":\"");

    private final long star;
    private volatile MarkedRound round = MarkedRound.NONE;
    private final LongAdder others = new LongAdder();
    private final LongAdder guildPresences = new LongAdder();
    private final LongAdder strays = new LongAdder();

    PresenceArrivals(long star) {
        this.star = star;
    }

    /** Makes {@code round} the one the star's PRESENCE_UPDATEs count for. */
    void timing(MarkedRound next) {
        round = next;
    }

    /** Friends' PRESENCE_UPDATEs about users other than the star, received so far by all sockets. */
    long others() {
        return others.sum();
    }

    /** PRESENCE_UPDATEs with a guild_id: none are expected (the run's users share no guild, and hold no intents). */
    long guildPresences() {
        return guildPresences.sum();
    }

    /** PRESENCE_UPDATEs about the star that no round was waiting for (late, or a status no longer current). */
    long strays() {
        return strays.sum();
    }

    /** Called on {@code socket}'s event loop for each text frame after READY. */
    void frame(PresenceSocket socket, ByteBuf content) {
        long now = System.nanoTime();
        long seq = sequenceOf(content);
        if (seq > 0) {
            socket.sequence(seq);
        }
        if (!startsWith(content, PRESENCE_HEAD)) {
            return;
        }
        if (FrameSearch.indexOf(GUILD_ID, content) >= 0) {
            guildPresences.increment();
            return;
        }
        if (userOf(content) != star) {
            others.increment();
            return;
        }
        MarkedRound current = round;
        if (current.matches(content) && socket.lastStarRound != current.number) {
            socket.lastStarRound = current.number;
            current.arrived(now);
        } else {
            strays.increment();
        }
    }

    /** The frame's {@code "s"} number; -1 when it has none (Heartbeat ACK). */
    private static long sequenceOf(ByteBuf frame) {
        int length = Math.min(frame.readableBytes(), SEQUENCE_SEARCH);
        int at = FrameSearch.indexOf(SEQUENCE_KEY, frame.slice(frame.readerIndex(), length));
        if (at < 0) {
            return -1;
        }
        return digitsAt(frame, frame.readerIndex() + at + SEQUENCE_KEY.readableBytes());
    }

    /** {@code d.user.id}, or -1 when the frame names none. */
    private static long userOf(ByteBuf frame) {
        int at = FrameSearch.indexOf(USER_ID, frame);
        return at < 0 ? -1 : digitsAt(frame, at + USER_ID.readableBytes());
    }

    private static long digitsAt(ByteBuf frame, int start) {
        long value = 0;
        int at = start;
        for (; at < frame.writerIndex() && Character.isDigit(frame.getByte(at)); at++) {
            value = value * 10 + (frame.getByte(at) - '0');
        }
        return at == start ? -1 : value;
    }

    static boolean startsWith(ByteBuf frame, ByteBuf prefix) {
        if (frame.readableBytes() < prefix.readableBytes()) {
            return false;
        }
        return ByteBufUtil.equals(frame, frame.readerIndex(), prefix, prefix.readerIndex(), prefix.readableBytes());
    }

    static ByteBuf ascii(String text) {
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.US_ASCII)));
    }
}
