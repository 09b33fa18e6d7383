package dev.concord.gateway.socket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.CloseCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SocketOutboundTest {

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final List<CloseCode> closeFrames = new ArrayList<>();

    private SocketOutbound outbound(int capacity) {
        SocketOutbound outbound = new SocketOutbound(channel, capacity, null, closeFrames::add);
        channel.pipeline().addLast(outbound);
        return outbound;
    }

    @Test
    void refusesPayloadsBeyondItsBoundUntilTheEventLoopWritesThem() {
        SocketOutbound outbound = outbound(8);
        for (int i = 0; i < 8; i++) {
            assertThat(outbound.offer("p" + i)).isTrue();
        }
        assertThat(outbound.offer("one too many")).isFalse();

        channel.runPendingTasks();
        assertThat(written()).containsExactly("p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7");
        assertThat(outbound.offer("after draining")).isTrue();
        channel.runPendingTasks();
        assertThat(written()).containsExactly("after draining");
    }

    @Test
    void whileTheClientDoesNotReadPayloadsWaitHereCountedAgainstTheBound() {
        SocketOutbound outbound = outbound(4);
        unwritable(true);
        for (int i = 0; i < 4; i++) {
            assertThat(outbound.offer("p" + i)).isTrue();
        }
        channel.runPendingTasks();

        assertThat(written()).isEmpty();
        assertThat(outbound.queued()).isEqualTo(4);
        assertThat(outbound.offer("one too many")).isFalse();

        unwritable(false);
        assertThat(written()).containsExactly("p0", "p1", "p2", "p3");
        assertThat(outbound.queued()).isZero();
    }

    @Test
    void aChannelUnwritableForTooLongIsClosed() {
        SocketOutbound outbound = outbound(4);
        unwritable(true);
        outbound.offer("stuck");
        channel.runPendingTasks();

        channel.advanceTimeBy(SocketOutbound.STALLED.toSeconds() - 1, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).isTrue();
        channel.advanceTimeBy(2, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void closingDropsWhatIsQueuedAndSendsOneCloseFrame() {
        SocketOutbound outbound = outbound(8);
        outbound.offer("queued");
        outbound.close(CloseCode.SESSION_TIMED_OUT);
        outbound.close(CloseCode.RATE_LIMITED);
        assertThat(outbound.offer("late")).isFalse();

        channel.runPendingTasks();
        assertThat(written()).isEmpty();
        assertThat(closeFrames).containsExactly(CloseCode.SESSION_TIMED_OUT);
    }

    @Test
    void aSocketThatEndedByItselfSendsNothingMore() {
        SocketOutbound outbound = outbound(8);
        outbound.terminate();

        assertThat(outbound.offer("late")).isFalse();
        channel.runPendingTasks();
        assertThat(written()).isEmpty();
        assertThat(closeFrames).isEmpty();
    }

    private void unwritable(boolean stalled) {
        channel.unsafe().outboundBuffer().setUserDefinedWritability(1, !stalled);
        channel.runPendingTasks();
    }

    /** The text frames written, decoded from the bytes on the wire. */
    private List<String> written() {
        List<String> texts = new ArrayList<>();
        for (ByteBuf frame; (frame = channel.readOutbound()) != null; ) {
            texts.add(WireFramesTest.textOf(frame));
            frame.release();
        }
        return texts;
    }
}
