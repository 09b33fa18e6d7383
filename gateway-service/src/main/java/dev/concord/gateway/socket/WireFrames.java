package dev.concord.gateway.socket;

import dev.concord.gateway.protocol.OutboundPayload;
import dev.concord.gateway.protocol.ZlibStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.jspecify.annotations.Nullable;

/**
 * A payload as the WebSocket frame a server sends (RFC 6455, section 5.2: final, unmasked), header and
 * payload in one buffer of the channel's pool. Written past Netty's frame encoder, which passes buffers
 * through: no frame object, no second buffer and no copy of the payload into it per write.
 */
final class WireFrames {

    static final int TEXT = 0x1;
    static final int BINARY = 0x2;

    private static final int FINAL = 0x80;
    private static final int LENGTH_16 = 126;
    private static final int LENGTH_64 = 127;

    private WireFrames() {}

    /**
     * A queued payload as a frame: a shared dispatch is written from its shared bytes (only its sequence
     * number is this socket's own); zlib-stream compresses each payload in this socket's context, in the
     * order written, into binary frames.
     */
    static ByteBuf frame(ByteBufAllocator buffers, @Nullable ZlibStream zlib, OutboundPayload payload) {
        if (zlib != null) {
            return frame(buffers, BINARY, zlib.compress(payload.bytes()));
        }
        if (payload instanceof OutboundPayload.Dispatch dispatch) {
            int length = dispatch.encoded().length(dispatch.seq());
            ByteBuf out = header(buffers, TEXT, length);
            dispatch.encoded().writeInto(out, dispatch.seq());
            return out;
        }
        return frame(buffers, TEXT, payload.bytes());
    }

    private static ByteBuf frame(ByteBufAllocator buffers, int opcode, byte[] payload) {
        return header(buffers, opcode, payload.length).writeBytes(payload);
    }

    /** A buffer sized for the whole frame, holding its header. */
    private static ByteBuf header(ByteBufAllocator buffers, int opcode, int length) {
        if (length <= 125) {
            return buffers.buffer(2 + length).writeByte(FINAL | opcode).writeByte(length);
        }
        if (length <= 0xFFFF) {
            return buffers.buffer(4 + length)
                    .writeByte(FINAL | opcode)
                    .writeByte(LENGTH_16)
                    .writeShort(length);
        }
        return buffers.buffer(10 + length)
                .writeByte(FINAL | opcode)
                .writeByte(LENGTH_64)
                .writeLong(length);
    }
}
