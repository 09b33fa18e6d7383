package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.OffsetDateTime;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FanoutTimersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final FanoutTimers timers = new FanoutTimers(registry);

    @Test
    void anEventsLagIsFromItsChangeAndItsFanOutFromStartToDone() {
        EventEnvelope event = new EventEnvelope(
                Snowflake.of(1),
                "GUILD_UPDATE",
                OffsetDateTime.now().minusSeconds(2),
                "test",
                null,
                Json.mapper().createObjectNode());

        long start = timers.starting(event);
        timers.done(start);

        assertThat(registry.timer("gateway.event.lag").count()).isEqualTo(1);
        assertThat(registry.timer("gateway.event.lag").totalTime(TimeUnit.MILLISECONDS))
                .isBetween(2_000.0, 60_000.0);
        assertThat(registry.timer("gateway.fanout").count()).isEqualTo(1);
        assertThat(registry.timer("gateway.fanout").totalTime(TimeUnit.SECONDS)).isLessThan(60.0);
    }

    @Test
    void anEventFromAClockAheadOfOursIsNotALag() {
        EventEnvelope event = new EventEnvelope(
                Snowflake.of(1), "GUILD_UPDATE", OffsetDateTime.now().plusSeconds(5), "test", null, null);

        timers.done(timers.starting(event));

        assertThat(registry.timer("gateway.event.lag").count()).isZero();
        assertThat(registry.timer("gateway.fanout").count()).isEqualTo(1);
    }
}
