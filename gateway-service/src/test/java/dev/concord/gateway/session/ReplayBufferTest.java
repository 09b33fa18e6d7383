package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReplayBufferTest {

    private final ReplayBuffer buffer = new ReplayBuffer(3);

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
}
