package dev.concord.gateway.socket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.OutboundPayload;
import dev.concord.platform.json.Json;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Frames written by hand must be what a WebSocket client's decoder reads: checked with Netty's own. */
class WireFramesTest {

    private static final UnpooledByteBufAllocator BUFFERS = UnpooledByteBufAllocator.DEFAULT;

    @Test
    void aDispatchIsOneTextFrameWithItsOwnNumber() {
        DispatchFrame frame =
                DispatchFrame.of(Json.mapper(), "GUILD_UPDATE", Json.mapper().readTree("{\"id\":\"1\"}"));

        ByteBuf wire = WireFrames.frame(BUFFERS, null, new OutboundPayload.Dispatch(frame.encoded(), 1234567));

        assertThat(decoded(wire)).isEqualTo(frame.text(1234567));
    }

    @Test
    void everyLengthEncodingDecodes() {
        for (int length : new int[] {0, 1, 125, 126, 127, 65_535, 65_536, 200_000}) {
            String text = "x".repeat(length);

            ByteBuf wire = WireFrames.frame(BUFFERS, null, new OutboundPayload.Control(text));

            assertThat(decoded(wire)).as("%d bytes", length).isEqualTo(text);
        }
    }

    @Test
    void numbersOfEveryWidthAreWrittenInPlace() {
        DispatchFrame frame = DispatchFrame.of(Json.mapper(), "T", Json.mapper().readTree("{}"));
        for (long seq : new long[] {1, 9, 10, 99, 100, 1_000_000_007L, Long.MAX_VALUE}) {
            ByteBuf payload = BUFFERS.buffer();
            frame.encoded().writeInto(payload, seq);

            assertThat(payload.readableBytes()).isEqualTo(frame.encoded().length(seq));
            assertThat(payload.toString(StandardCharsets.UTF_8)).isEqualTo(frame.text(seq));
            payload.release();
        }
    }

    /** The payload of one server text frame, as a client reads it (no mask, final). */
    static String textOf(ByteBuf wire) {
        return decoded(wire.retainedDuplicate());
    }

    private static String decoded(ByteBuf wire) {
        EmbeddedChannel client = new EmbeddedChannel(new WebSocket13FrameDecoder(WebSocketDecoderConfig.newBuilder()
                .expectMaskedFrames(false)
                .maxFramePayloadLength(1 << 20)
                .build()));
        client.writeInbound(wire);
        TextWebSocketFrame frame = client.readInbound();
        assertThat(frame).isNotNull();
        assertThat(frame.isFinalFragment()).isTrue();
        String text = frame.text();
        frame.release();
        Object leftOver = client.readInbound();
        assertThat(leftOver).as("one frame, nothing left over").isNull();
        client.finishAndReleaseAll();
        return text;
    }
}
