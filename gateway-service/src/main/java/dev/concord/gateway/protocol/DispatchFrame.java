package dev.concord.gateway.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An op 0 dispatch encoded once, as UTF-8, and shared by every session it goes to: each session only
 * adds its own sequence number between the two halves when the frame is written. Replay buffers keep a
 * reference to the frame, not a copy, so an event fanned out to many sessions costs one serialization
 * and one copy of its bytes on the heap, however many sessions may still resume it.
 *
 * <p>The instance's replay memory is bounded ({@code ReplayBudget}): a frame too old, or pushed out by
 * newer ones, is evicted — its bytes let go, so the replay rings still pointing at it cost nothing but
 * the reference, and a resume that would need it gets op 9 instead. A payload already queued for a
 * socket holds its own reference to the bytes ({@link Encoded}) and is still written.
 *
 * <p>The bytes go sooner when nobody can need them: a frame counts its holders — whoever built it, while
 * handing it out ({@link #handedOut}), and each replay ring that keeps it ({@link #hold}, {@link #letGo}).
 * A ring lets go once its client's heartbeat says it has the frame. The last holder to let go drops the
 * bytes: the READY of an idle session, say, lives until its client's first heartbeat, not for the whole
 * resume window.
 */
public final class DispatchFrame {

    /** The frame's two halves, written around each session's sequence number. */
    public record Encoded(byte[] head, byte[] tail) {

        /** The payload as sent to a session whose next sequence number is {@code seq}. */
        public byte[] bytes(long seq) {
            byte[] number = sequence(seq);
            byte[] payload = new byte[head.length + number.length + tail.length];
            System.arraycopy(head, 0, payload, 0, head.length);
            System.arraycopy(number, 0, payload, head.length, number.length);
            System.arraycopy(tail, 0, payload, head.length + number.length, tail.length);
            return payload;
        }

        /** How many bytes the payload numbered {@code seq} takes. */
        public int length(long seq) {
            return head.length + digits(seq) + tail.length;
        }

        /**
         * Writes the payload numbered {@code seq} into {@code out}: the socket's own buffer, which it sends
         * as is (a composite over the shared halves would be copied into a direct buffer on the way out
         * anyway). The number is written digit by digit, with nothing allocated for it.
         */
        public void writeInto(ByteBuf out, long seq) {
            out.writeBytes(head);
            int at = out.writerIndex() + digits(seq);
            out.writerIndex(at);
            for (long rest = seq; ; rest /= 10) {
                out.setByte(--at, (int) ('0' + rest % 10));
                if (rest < 10) {
                    break;
                }
            }
            out.writeBytes(tail);
        }

        private static int digits(long seq) {
            int digits = 1;
            for (long rest = seq; rest >= 10; rest /= 10) {
                digits++;
            }
            return digits;
        }
    }

    private static final AtomicIntegerFieldUpdater<DispatchFrame> HOLDERS =
            AtomicIntegerFieldUpdater.newUpdater(DispatchFrame.class, "holders");
    private static final AtomicIntegerFieldUpdater<DispatchFrame> RETAINED =
            AtomicIntegerFieldUpdater.newUpdater(DispatchFrame.class, "retained");

    private static final AtomicReferenceFieldUpdater<DispatchFrame, Encoded> ENCODED =
            AtomicReferenceFieldUpdater.newUpdater(DispatchFrame.class, Encoded.class, "encoded");

    private final String type;
    private final @Nullable String eventId;
    private final int size;
    /** Fields with updaters rather than atomic objects: a frame per session (READY) is common. */
    private volatile int holders = 1;

    private volatile int retained;
    private volatile @Nullable Encoded encoded;

    private DispatchFrame(String type, @Nullable String eventId, byte[] head, byte[] tail) {
        this.type = type;
        this.eventId = eventId;
        this.size = head.length + tail.length;
        this.encoded = new Encoded(head, tail);
    }

    /** A dispatch of this session alone (READY, RESUMED, a reply), which no domain event stands behind. */
    public static DispatchFrame of(JsonMapper mapper, String type, JsonNode data) {
        return of(mapper, type, data, null);
    }

    /** The dispatch of domain event {@code eventId}: the id lets a successor instance tell it was sent. */
    public static DispatchFrame of(JsonMapper mapper, String type, JsonNode data, @Nullable String eventId) {
        String head = "{\"op\":" + Opcode.DISPATCH + ",\"t\":" + mapper.writeValueAsString(type) + ",\"s\":";
        String tail = ",\"d\":" + (data == null ? "null" : mapper.writeValueAsString(data)) + "}";
        return new DispatchFrame(
                type, eventId, head.getBytes(StandardCharsets.UTF_8), tail.getBytes(StandardCharsets.UTF_8));
    }

    /** A frame read back from a replay log, as {@link Encoded} halves. */
    public static DispatchFrame restored(String type, @Nullable String eventId, byte[] head, byte[] tail) {
        return new DispatchFrame(type, eventId, head, tail);
    }

    public String type() {
        return type;
    }

    /** The domain event it dispatches; null for a session's own frames. */
    public @Nullable String eventId() {
        return eventId;
    }

    /** Bytes this frame holds on the heap until evicted, whatever the number of sessions sharing it. */
    public int size() {
        return size;
    }

    /** The encoding, or null once the frame has been evicted from the instance's replay memory. */
    public @Nullable Encoded encoded() {
        return encoded;
    }

    /** True the first time only: the frame is then counted once in the instance's replay memory. */
    public boolean markRetained() {
        return RETAINED.compareAndSet(this, 0, 1);
    }

    /** Whether some session's replay counted it in the instance's replay memory. */
    public boolean isRetained() {
        return retained == 1;
    }

    /**
     * Lets go of the bytes: no session may resume this frame any more. True for the one caller that
     * dropped them, which accounts for their size; false when they were gone already.
     */
    public boolean evict() {
        return ENCODED.getAndSet(this, null) != null;
    }

    /** One more replay ring keeps it. */
    public void hold() {
        HOLDERS.incrementAndGet(this);
    }

    /** A replay ring no longer keeps it; true when that was the last holder and the bytes may go. */
    public boolean letGo() {
        return HOLDERS.decrementAndGet(this) == 0;
    }

    /**
     * Whoever built it has handed it to every session it is for; true when no ring kept it by then, or
     * all that did let go already, and the bytes may go.
     */
    public boolean handedOut() {
        return letGo();
    }

    /** The payload as text, for tests and logs of shape (never of content); fails once evicted. */
    public String text(long seq) {
        Encoded bytes = encoded;
        if (bytes == null) {
            throw new IllegalStateException(this + " was evicted");
        }
        return new String(bytes.bytes(seq), StandardCharsets.UTF_8);
    }

    private static byte[] sequence(long seq) {
        return Long.toString(seq).getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public String toString() {
        // The type only: data can carry message text.
        return "DispatchFrame[" + type + "]";
    }
}
