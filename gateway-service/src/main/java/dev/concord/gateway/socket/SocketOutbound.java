package dev.concord.gateway.socket;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.OutboundPayload;
import dev.concord.gateway.protocol.ZlibStream;
import dev.concord.gateway.session.Outbound;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The bounded queue between a connection and its socket, written straight to the socket's channel.
 * Producers (the client's own payload handling, event delivery on Kafka threads) offer without blocking;
 * a payload waits here, as a reference to its shared bytes, until the channel's event loop writes it, and
 * only while the channel is writable (its write buffer under Netty's high water mark). A client that stops
 * reading thus leaves its payloads here, where the bound counts them: a full queue refuses the payload
 * and the session closes the connection.
 *
 * <p>An offer schedules one drain on the event loop unless one is pending; a drain writes what waits (up
 * to {@link #FRAMES_PER_DRAIN} frames at a time) and flushes once, so a burst of events costs a socket one
 * task and one flush. Compared with a
 * Reactor sink feeding Reactor Netty's send, it skips a sink, a prefetch queue and their hand-offs per
 * frame, and an idle connection holds one small deque instead of both queues.
 *
 * <p>Offers and closes hold this object's lock, the innermost lock of the gateway, for a deque operation
 * only; everything touching the channel runs on its event loop.
 *
 * <p>A peer that stops reading would leave writes (even the close frame) pending forever: a channel that
 * stays unwritable for {@link #STALLED}, or that has not closed that long after its close frame was
 * queued, is closed outright. A session on it stays resumable.
 */
final class SocketOutbound extends ChannelInboundHandlerAdapter implements Outbound, Runnable {

    static final Duration STALLED = Duration.ofSeconds(30);
    /** What one drain writes before yielding the event loop; as many as Reactor Netty's send took at once. */
    static final int FRAMES_PER_DRAIN = 128;

    private final Channel channel;
    private final int capacity;
    private final @Nullable ZlibStream zlib;
    private final Consumer<CloseCode> sendClose;
    /** Offered and not yet written; guarded by this. Starts at two slots: most sockets idle. */
    private final ArrayDeque<OutboundPayload> waiting = new ArrayDeque<>(1);
    /** A drain is scheduled, or the channel is unwritable and its next writability change drains; guarded by this. */
    private boolean draining;

    private boolean closed;
    /** Event loop only. */
    private io.netty.util.concurrent.@Nullable ScheduledFuture<?> stallTimer;
    /** Event loop only: a drain is running, and whether it must go round again. */
    private boolean inDrain;

    private boolean drainAgain;

    /**
     * @param zlib the connection's zlib-stream context, null for plain text frames
     * @param sendClose writes the close frame (on the event loop); the channel closes once it is written
     */
    SocketOutbound(Channel channel, int capacity, @Nullable ZlibStream zlib, Consumer<CloseCode> sendClose) {
        this.channel = channel;
        this.capacity = capacity;
        this.zlib = zlib;
        this.sendClose = sendClose;
    }

    @Override
    public boolean offer(String payload) {
        return offer(new OutboundPayload.Control(payload));
    }

    @Override
    public boolean offer(DispatchFrame.Encoded dispatch, long seq) {
        return offer(new OutboundPayload.Dispatch(dispatch, seq));
    }

    private boolean offer(OutboundPayload payload) {
        synchronized (this) {
            if (closed || waiting.size() >= capacity) {
                return false;
            }
            waiting.add(payload);
            if (draining) {
                return true;
            }
            draining = true;
        }
        channel.eventLoop().execute(this);
        return true;
    }

    /** Payloads still queued are dropped; the close frame follows what the channel already has. Idempotent. */
    @Override
    public void close(CloseCode code) {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            waiting.clear();
        }
        channel.eventLoop().execute(() -> {
            sendClose.accept(code);
            io.netty.util.concurrent.ScheduledFuture<?> forced =
                    channel.eventLoop().schedule(() -> channel.close(), STALLED.toNanos(), TimeUnit.NANOSECONDS);
            channel.closeFuture().addListener(closedChannel -> forced.cancel(false));
        });
    }

    /** The socket ended by itself (the client left): nothing more is written, no close frame is due. */
    void terminate() {
        synchronized (this) {
            closed = true;
            waiting.clear();
        }
    }

    /** Payloads offered and not yet written to the channel. */
    synchronized int queued() {
        return waiting.size();
    }

    /**
     * The drain, on the event loop: at most {@link #FRAMES_PER_DRAIN} frames, then it yields to the loop's
     * other channels and tasks (reads, heartbeats) and goes on in a task of its own, as a client that
     * keeps up would otherwise hold the loop for as long as its queue lasts. A flush that empties the
     * write buffer announces the channel writable again from within the flush: this drain takes that up,
     * rather than starting another inside itself.
     */
    @Override
    public void run() {
        if (inDrain) {
            drainAgain = true;
            return;
        }
        inDrain = true;
        try {
            int budget = FRAMES_PER_DRAIN;
            boolean more;
            do {
                drainAgain = false;
                budget -= drainWhileWritable(budget);
                more = budget <= 0 && pending();
            } while (drainAgain && !more);
            if (more) {
                channel.eventLoop().execute(this);
            }
        } finally {
            inDrain = false;
        }
    }

    private synchronized boolean pending() {
        return !waiting.isEmpty();
    }

    /** Writes up to {@code limit} frames while the channel takes them; returns how many. */
    private int drainWhileWritable(int limit) {
        int written = 0;
        while (written < limit) {
            OutboundPayload next;
            synchronized (this) {
                if (waiting.isEmpty() || !channel.isActive()) {
                    waiting.clear();
                    draining = false;
                    break;
                }
                if (!channel.isWritable()) {
                    // Stays draining: channelWritabilityChanged resumes once the peer has read.
                    armStallTimer();
                    break;
                }
                next = waiting.poll();
            }
            channel.write(frame(channel.alloc(), zlib, next), channel.voidPromise());
            written++;
        }
        if (written > 0) {
            channel.flush();
        }
        return written;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (channel.isWritable()) {
            io.netty.util.concurrent.ScheduledFuture<?> timer = stallTimer;
            if (timer != null) {
                timer.cancel(false);
                stallTimer = null;
            }
            run();
        }
        context.fireChannelWritabilityChanged();
    }

    private void armStallTimer() {
        if (stallTimer == null) {
            stallTimer = channel.eventLoop()
                    .schedule(
                            () -> {
                                if (!channel.isWritable()) {
                                    channel.close();
                                }
                            },
                            STALLED.toNanos(),
                            TimeUnit.NANOSECONDS);
        }
    }

    /**
     * A queued payload as a frame: a shared dispatch is written from its shared bytes straight into one
     * buffer of the channel's pool (only its sequence number is this socket's own); zlib-stream compresses
     * each payload in this socket's context, in the order written.
     */
    static WebSocketFrame frame(ByteBufAllocator buffers, @Nullable ZlibStream zlib, OutboundPayload payload) {
        if (zlib != null) {
            byte[] compressed = zlib.compress(payload.bytes());
            return new BinaryWebSocketFrame(buffers.buffer(compressed.length).writeBytes(compressed));
        }
        if (payload instanceof OutboundPayload.Dispatch dispatch) {
            return new TextWebSocketFrame(dispatch.encoded().writeTo(buffers, dispatch.seq()));
        }
        byte[] json = payload.bytes();
        return new TextWebSocketFrame(buffers.buffer(json.length).writeBytes(json));
    }
}
