package dev.concord.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One event on its way to every socket: it carries the marker {@code fanout-r<number>} (the guild's new
 * name, a message's content), and each socket that receives a dispatch of the expected type carrying
 * that marker counts down. Frames are searched as bytes, not
 * parsed, so that the client on the same two cores spends as little as it can per frame.
 */
final class FanoutRound {

    static final String NAME_PREFIX = "fanout-r";
    private static final ByteBuf MARKER = bytes(NAME_PREFIX);
    /**
     * The timed dispatch's type: a session's GUILD_CREATE after READY carries the guild's name too, but
     * is not the timed event.
     */
    private static volatile ByteBuf type = bytes("\"GUILD_UPDATE\"");

    /** The round being timed; arrivals of any other (a late frame of a round that timed out) are strays. */
    private static volatile FanoutRound current = new FanoutRound(-1, 0);

    private static final AtomicLong strays = new AtomicLong();

    final int number;
    private final CountDownLatch arrivals;
    private final AtomicLong lastArrival = new AtomicLong();
    volatile long start;

    private FanoutRound(int number, int sockets) {
        this.number = number;
        this.arrivals = new CountDownLatch(sockets);
    }

    /** Makes round {@code number}, expected on {@code sockets} sockets, the one arrivals count for. */
    static FanoutRound begin(int number, int sockets) {
        FanoutRound round = new FanoutRound(number, sockets);
        current = round;
        round.start = System.nanoTime();
        return round;
    }

    /** Only dispatches of {@code eventType} count from now on. */
    static void expect(String eventType) {
        type = bytes("\"" + eventType + "\"");
    }

    String marker() {
        return NAME_PREFIX + number;
    }

    /** Called on a socket's event loop for each text frame after READY. */
    static void frame(ByteBuf content) {
        int at = FrameSearch.indexOf(MARKER, content);
        if (at < 0 || FrameSearch.indexOf(type, content) < 0) {
            return;
        }
        long now = System.nanoTime();
        int number = 0;
        for (int i = at + NAME_PREFIX.length(); i < content.writerIndex(); i++) {
            byte digit = content.getByte(i);
            if (digit < '0' || digit > '9') {
                break;
            }
            number = number * 10 + digit - '0';
        }
        FanoutRound round = current;
        if (round.number != number) {
            strays.incrementAndGet();
            return;
        }
        round.lastArrival.accumulateAndGet(now, Math::max);
        round.arrivals.countDown();
    }

    /** Nanoseconds from {@link #start} to the last socket's frame, or -1 if some did not get it in time. */
    long awaitLast(long timeoutMillis) throws InterruptedException {
        if (!arrivals.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
            return -1;
        }
        return lastArrival.get() - start;
    }

    long missing() {
        return arrivals.getCount();
    }

    private static ByteBuf bytes(String ascii) {
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(ascii.getBytes(StandardCharsets.US_ASCII)));
    }

    static long strays() {
        return strays.get();
    }
}
