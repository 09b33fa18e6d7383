package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThat(ring.slots()).isEqualTo(8);

        for (long seq = 1; seq <= 100; seq++) {
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
}
