package dev.concord.gateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    @Test
    void allows120PayloadsPerMinuteAndRefusesThe121st() {
        RateLimiter limiter = RateLimiter.standard();
        for (int i = 0; i < 120; i++) {
            assertThat(limiter.tryAcquire(1_000 + i * SECOND / 10))
                    .as("payload %d", i + 1)
                    .isTrue();
        }

        assertThat(limiter.tryAcquire(1_000 + 13 * SECOND)).isFalse();
    }

    @Test
    void theNextWindowStartsAfresh() {
        RateLimiter limiter = new RateLimiter(2, Duration.ofSeconds(60));
        long start = 5 * SECOND;
        assertThat(limiter.tryAcquire(start)).isTrue();
        assertThat(limiter.tryAcquire(start + SECOND)).isTrue();
        assertThat(limiter.tryAcquire(start + 59 * SECOND)).isFalse();

        assertThat(limiter.tryAcquire(start + 60 * SECOND)).isTrue();
    }

    @Test
    void worksFromAnyNanoTimeOrigin() {
        // System.nanoTime may be negative.
        RateLimiter limiter = new RateLimiter(1, Duration.ofSeconds(60));

        assertThat(limiter.tryAcquire(Long.MIN_VALUE + 10)).isTrue();
        assertThat(limiter.tryAcquire(Long.MIN_VALUE + 20)).isFalse();
    }
}
