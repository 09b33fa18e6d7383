package dev.concord.gateway.dispatch;

import dev.concord.platform.events.EventEnvelope;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Where an event's time goes before its frames are on their sockets' queues: from the change that made it
 * to the start of its fan-out here (the outbox, Kafka, the audience), and the fan-out itself (numbering and
 * queuing for every recipient session). What is left of a client's wait is the sockets' writes.
 */
@Component
final class FanoutTimers {

    private final Timer lag;
    private final Timer fanout;

    FanoutTimers(MeterRegistry registry) {
        this.lag = Timer.builder("gateway.event.lag")
                .description("From the change that made an event to the start of its fan-out on this instance")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        this.fanout = Timer.builder("gateway.fanout")
                .description("Numbering and queuing one event for every recipient session on this instance")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
    }

    /** The event's fan-out starts now; returns the start, in {@link System#nanoTime()}. */
    long starting(EventEnvelope event) {
        if (event.occurredAt() != null) {
            Duration age = Duration.between(event.occurredAt().toInstant(), Instant.now());
            if (!age.isNegative()) {
                lag.record(age);
            }
        }
        return System.nanoTime();
    }

    void done(long startNanos) {
        fanout.record(Duration.ofNanos(System.nanoTime() - startNanos));
    }
}
