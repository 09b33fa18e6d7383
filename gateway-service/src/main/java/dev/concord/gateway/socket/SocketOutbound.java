package dev.concord.gateway.socket;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.OutboundPayload;
import dev.concord.gateway.protocol.ZlibStream;
import dev.concord.gateway.session.DeliveryBatch;
import dev.concord.gateway.session.Outbound;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.AbstractEventExecutor;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The bounded queue between a connection and its socket, written straight to the socket's channel.
 * Producers (the client's own payload handling, event delivery on Kafka threads) offer without blocking
 * or locking; a payload waits here, as a reference to its shared bytes, until the channel's event loop
 * writes it, and only while the channel is writable (its write buffer under Netty's high water mark). A
 * client that stops reading thus leaves its payloads here, where the bound counts them: a full queue
 * refuses the payload and the session closes the connection.
 *
 * <p>An offer is one compare-and-set: it pushes onto a lock-free stack, whose nodes know their depth,
 * so the bound costs no counter of its own. The offer that finds the stack empty schedules a drain on
 * the event loop, which takes the whole stack at once, restores its order and writes (up to
 * {@link #FRAMES_PER_DRAIN} frames, then it yields) while the channel is writable, flushing once. A
 * fan-out to thousands of sockets thus costs each socket one atomic operation on a line its event loop
 * also writes, no lock, and each loop one wake-up ({@link DeliveryBatch}).
 *
 * <p>A peer that stops reading would leave writes (even the close frame) pending forever: a channel that
 * stays unwritable for {@link #STALLED}, or that has not closed that long after its close frame was
 * queued, is closed outright. A session on it stays resumable.
 */
final class SocketOutbound extends ChannelInboundHandlerAdapter implements Outbound, Runnable {

    static final Duration STALLED = Duration.ofSeconds(30);
    /** What one drain writes before yielding the event loop; as many as Reactor Netty's send took at once. */
    static final int FRAMES_PER_DRAIN = 128;

    /** A payload offered, linked to the one offered before it (until a drain reverses the links). */
    private static final class Waiting {
        final OutboundPayload payload;
        /** How many payloads the stack held with this one on top. */
        final int depth;

        @Nullable
        Waiting next;

        Waiting(OutboundPayload payload, @Nullable Waiting next) {
            this.payload = payload;
            this.next = next;
            this.depth = next == null ? 1 : next.depth + 1;
        }
    }

    private static final AtomicReferenceFieldUpdater<SocketOutbound, @Nullable Waiting> OFFERED =
            AtomicReferenceFieldUpdater.newUpdater(SocketOutbound.class, Waiting.class, "offered");

    private final Channel channel;
    private final int capacity;
    private final @Nullable ZlibStream zlib;
    private final Consumer<CloseCode> sendClose;

    /** Offered and not yet taken by a drain, newest first; a drain is due while it is not empty. */
    private volatile @Nullable Waiting offered;
    /** Taken and not yet written: with the stack's depth, what the bound counts. Written by the event loop only. */
    private volatile int takenCount;

    private volatile boolean closed;

    /** Event loop only: taken from {@link #offered}, oldest first, not yet written. */
    private @Nullable Waiting taken;

    private @Nullable Waiting lastTaken;
    private @Nullable ChannelHandlerContext context;
    private io.netty.util.concurrent.@Nullable ScheduledFuture<?> stallTimer;
    private boolean inDrain;

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
    public void handlerAdded(ChannelHandlerContext added) {
        context = added;
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
        Waiting top;
        Waiting node;
        do {
            if (closed) {
                return false;
            }
            top = offered;
            if ((top == null ? 0 : top.depth) + takenCount >= capacity) {
                return false;
            }
            node = new Waiting(payload, top);
        } while (!OFFERED.compareAndSet(this, top, node));
        if (top == null) {
            EventLoop loop = channel.eventLoop();
            if (loop instanceof AbstractEventExecutor lazy && DeliveryBatch.defer(loop)) {
                // Queued without waking the loop: the fan-out wakes each of its loops once, when it is done.
                lazy.lazyExecute(this);
            } else {
                loop.execute(this);
            }
        }
        return true;
    }

    /** Payloads still queued are dropped; the close frame follows what the channel already has. Idempotent. */
    @Override
    public void close(CloseCode code) {
        if (closed) {
            return;
        }
        closed = true;
        channel.eventLoop().execute(() -> {
            dropWaiting();
            sendClose.accept(code);
            io.netty.util.concurrent.ScheduledFuture<?> forced =
                    channel.eventLoop().schedule(() -> channel.close(), STALLED.toNanos(), TimeUnit.NANOSECONDS);
            channel.closeFuture().addListener(closedChannel -> forced.cancel(false));
        });
    }

    /** The socket ended by itself (the client left): nothing more is written, no close frame is due. */
    void terminate() {
        closed = true;
        channel.eventLoop().execute(this::dropWaiting);
    }

    /** Payloads offered and not yet written to the channel. */
    int queued() {
        Waiting top = offered;
        return (top == null ? 0 : top.depth) + takenCount;
    }

    /**
     * The drain, on the event loop: at most {@link #FRAMES_PER_DRAIN} frames, then it yields to the loop's
     * other channels and tasks (reads, heartbeats) and goes on in a task of its own, as a client that
     * keeps up would otherwise hold the loop for as long as its queue lasts. An unwritable channel parks
     * it, leaving what was offered on the stack (so offers schedule nothing) until the channel is writable
     * again. It ends only once it found the stack empty: the next offer schedules the next drain. A flush
     * that empties the write buffer announces the channel writable from within the flush: this drain goes
     * on by itself.
     */
    @Override
    public void run() {
        if (inDrain) {
            return;
        }
        inDrain = true;
        try {
            int budget = FRAMES_PER_DRAIN;
            while (true) {
                if (closed || !channel.isActive()) {
                    dropWaiting();
                    return;
                }
                if (taken == null) {
                    take();
                    if (taken == null) {
                        return;
                    }
                }
                if (!channel.isWritable()) {
                    // Parked: channelWritabilityChanged resumes once the peer has read.
                    armStallTimer();
                    return;
                }
                if (budget <= 0) {
                    channel.eventLoop().execute(this);
                    return;
                }
                budget -= writeWhileWritable(budget);
            }
        } finally {
            inDrain = false;
        }
    }

    /** Moves what was offered to the end of {@link #taken}, oldest first. */
    private void take() {
        Waiting newest = OFFERED.getAndSet(this, null);
        if (newest == null) {
            return;
        }
        takenCount += newest.depth;
        Waiting oldest = null;
        Waiting last = newest;
        while (newest != null) {
            Waiting older = newest.next;
            newest.next = oldest;
            oldest = newest;
            newest = older;
        }
        if (oldest == null) {
            return;
        }
        if (lastTaken == null) {
            taken = oldest;
        } else {
            lastTaken.next = oldest;
        }
        lastTaken = last;
    }

    /** Writes up to {@code limit} frames while the channel takes them; returns how many. */
    private int writeWhileWritable(int limit) {
        // From this handler's place in the pipeline, where a write on its way out meets only the frame
        // encoder, which lets buffers through; from the pipeline's end before the handler is added.
        ChannelHandlerContext out = context;
        int written = 0;
        while (written < limit && taken != null && channel.isWritable()) {
            OutboundPayload next = poll();
            if (out != null) {
                out.write(WireFrames.frame(channel.alloc(), zlib, next), channel.voidPromise());
            } else {
                channel.write(WireFrames.frame(channel.alloc(), zlib, next), channel.voidPromise());
            }
            written++;
        }
        takenCount -= written;
        if (written > 0) {
            channel.flush();
        }
        return written;
    }

    private OutboundPayload poll() {
        Waiting head = taken;
        if (head == null) {
            throw new IllegalStateException("nothing taken");
        }
        taken = head.next;
        if (taken == null) {
            lastTaken = null;
        }
        return head.payload;
    }

    private void dropWaiting() {
        take();
        dropTaken();
    }

    private void dropTaken() {
        taken = null;
        lastTaken = null;
        takenCount = 0;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext writable) {
        if (channel.isWritable()) {
            io.netty.util.concurrent.ScheduledFuture<?> timer = stallTimer;
            if (timer != null) {
                timer.cancel(false);
                stallTimer = null;
            }
            run();
        }
        writable.fireChannelWritabilityChanged();
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
}
