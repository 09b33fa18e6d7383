package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayBufferTest {

    private final ReplayBuffer<String> buffer = new ReplayBuffer<>(3);

    @Test
    void keepsOnlyTheLastCapacityDispatches() {
        for (long seq = 1; seq <= 5; seq++) {
            buffer.add(seq, "p" + seq);
        }

        assertThat(buffer.after(2)).containsExactly("p3", "p4", "p5");
        assertThat(buffer.after(4)).containsExactly("p5");
        assertThat(buffer.after(5)).isEmpty();
    }

    @Test
    void aResumeFromBeforeTheOldestKeptDispatchIsRefused() {
        for (long seq = 1; seq <= 5; seq++) {
            buffer.add(seq, "p" + seq);
        }

        assertThat(buffer.after(1)).isNull();
        assertThat(buffer.after(0)).isNull();
    }

    @Test
    void beforeItFillsEverythingIsReplayable() {
        buffer.add(1, "p1");
        buffer.add(2, "p2");

        assertThat(buffer.after(0)).containsExactly("p1", "p2");
    }

    @Test
    void dispatchesMustComeInSequence() {
        buffer.add(1, "p1");

        assertThatThrownBy(() -> buffer.add(3, "p3")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anIdleSessionsRingIsSmallAndGrowsAsDispatchesComeKeepingTheirOrder() {
        ReplayBuffer<String> ring = new ReplayBuffer<>(1024);
        assertThat(ring.slots()).isZero();
        ring.add(1, "p1");
        assertThat(ring.slots()).isEqualTo(8);

        for (long seq = 2; seq <= 100; seq++) {
            ring.add(seq, "p" + seq);
        }

        assertThat(ring.slots()).isEqualTo(128);
        assertThat(ring.after(90))
                .containsExactly("p91", "p92", "p93", "p94", "p95", "p96", "p97", "p98", "p99", "p100");
        assertThat(ring.after(0)).hasSize(100).startsWith("p1", "p2");
    }

    @Test
    void theRingNeverGrowsPastItsCapacity() {
        ReplayBuffer<String> ring = new ReplayBuffer<>(20);
        for (long seq = 1; seq <= 50; seq++) {
            ring.add(seq, "p" + seq);
        }

        assertThat(ring.slots()).isEqualTo(20);
        assertThat(ring.after(30)).hasSize(20).startsWith("p31").endsWith("p50");
        assertThat(ring.after(29)).isNull();
    }

    @Test
    void aFullRingHandsBackTheDispatchItOverwrites() {
        assertThat(buffer.add(1, "p1")).isNull();
        assertThat(buffer.add(2, "p2")).isNull();
        assertThat(buffer.add(3, "p3")).isNull();

        assertThat(buffer.add(4, "p4")).isEqualTo("p1");
        assertThat(buffer.add(5, "p5")).isEqualTo("p2");
    }

    @Test
    void whatTheClientAcknowledgedLeavesTheRingOldestFirst() {
        ReplayBuffer<String> ring = new ReplayBuffer<>(1024);
        for (long seq = 1; seq <= 20; seq++) {
            ring.add(seq, "p" + seq);
        }
        List<String> dropped = new ArrayList<>();

        ring.trimThrough(17, dropped::add);

        assertThat(dropped).hasSize(17).startsWith("p1", "p2").endsWith("p17");
        assertThat(ring.after(17)).containsExactly("p18", "p19", "p20");
        assertThat(ring.after(16)).as("the client said it had 17").isNull();
        ring.add(21, "p21");
        assertThat(ring.after(18)).containsExactly("p19", "p20", "p21");
    }

    @Test
    void anAcknowledgedRingGoesBackToNothingAndStartsOverAtTheNextNumber() {
        ReplayBuffer<String> ring = new ReplayBuffer<>(1024);
        for (long seq = 1; seq <= 100; seq++) {
            ring.add(seq, "p" + seq);
        }
        List<String> dropped = new ArrayList<>();

        ring.trimThrough(500, dropped::add);

        assertThat(dropped).hasSize(100);
        assertThat(ring.slots()).isZero();
        assertThat(ring.after(100)).isEmpty();
        ring.add(101, "p101");
        assertThat(ring.slots()).isEqualTo(8);
        assertThat(ring.after(100)).containsExactly("p101");
    }

    @Test
    void anAcknowledgementOfWhatIsGoneAlreadyDropsNothing() {
        for (long seq = 1; seq <= 5; seq++) {
            buffer.add(seq, "p" + seq);
        }
        List<String> dropped = new ArrayList<>();

        buffer.trimThrough(1, dropped::add);

        assertThat(dropped).isEmpty();
        assertThat(buffer.after(2)).containsExactly("p3", "p4", "p5");
    }
}
