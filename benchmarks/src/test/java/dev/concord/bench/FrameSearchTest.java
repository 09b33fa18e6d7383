package dev.concord.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The benchmarks' frame search answers as Netty's own does, on the buffers a socket receives. */
class FrameSearchTest {

    @Test
    void findsWhatNettyFindsInDirectBuffersReadFromAnOffset() {
        Random random = new Random(20);
        for (int round = 0; round < 2_000; round++) {
            byte[] frame = new byte[random.nextInt(1, 3_000)];
            for (int i = 0; i < frame.length; i++) {
                frame[i] = (byte) ('a' + random.nextInt(3));
            }
            ByteBuf haystack = PooledByteBufAllocator.DEFAULT.directBuffer(frame.length + 16);
            try {
                int skipped = random.nextInt(0, 16);
                haystack.writeZero(skipped).writeBytes(frame).readerIndex(skipped);
                byte[] key = new byte[random.nextInt(1, 6)];
                for (int i = 0; i < key.length; i++) {
                    key[i] = (byte) ('a' + random.nextInt(3));
                }
                ByteBuf needle = PresenceArrivals.ascii(new String(key, StandardCharsets.US_ASCII));
                assertThat(FrameSearch.indexOf(needle, haystack)).isEqualTo(ByteBufUtil.indexOf(needle, haystack));
            } finally {
                haystack.release();
            }
        }
    }

    @Test
    void findsAKeyInAFrameLargerThanItsScratchAndNothingPastTheEnd() {
        String frame = "x".repeat(20_000) + "\"user_id\":\"42\"";
        ByteBuf haystack = Unpooled.copiedBuffer(frame, StandardCharsets.US_ASCII);

        assertThat(FrameSearch.indexOf(PresenceArrivals.ascii("\"user_id\":\"42\""), haystack))
                .isEqualTo(20_000);
        assertThat(FrameSearch.indexOf(PresenceArrivals.ascii("\"42\"x"), haystack))
                .isEqualTo(-1);
        assertThat(FrameSearch.indexOf(PresenceArrivals.ascii(frame + "y"), haystack))
                .isEqualTo(-1);
    }
}
