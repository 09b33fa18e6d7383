package dev.concord.guild.scheduledevents;

import dev.concord.platform.service.BatchedSweep;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Moves events along by time, as the platform does: an external event starts at its start time and
 * completes at its end; a stage or voice event nobody started within {@code cancel-after} of its start
 * time is canceled (a recurring one moves on to its next occurrence). Each round claims the events that
 * fell due and sends GUILD_SCHEDULED_EVENT_UPDATE in the same transaction.
 */
@Configuration(proxyBeanMethods = false)
class ScheduledEventSweep {

    private static final int BATCH = 100;

    @Bean
    BatchedSweep scheduledEventStatusSweep(
            ScheduledEventStore store,
            ScheduledEventAnnouncer announcer,
            TransactionalOperator transactions,
            Clock clock,
            @Value("${concord.scheduled-events.sweep-interval:PT15S}") Duration interval,
            @Value("${concord.scheduled-events.cancel-after:PT3H}") Duration cancelAfter) {
        return new BatchedSweep("scheduled events fallen due", interval, BATCH, batch -> {
            Instant now = clock.instant();
            return transactions.transactional(store.claimDue(now, now.minus(cancelAfter), batch)
                    .concatMap(event -> store.update(moved(event, now)))
                    .collectList()
                    .flatMap(moved -> announcer
                            .announceAll(moved, ScheduledEventEvents::updated)
                            .thenReturn((long) moved.size())));
        });
    }

    /** What time does to a claimed event. */
    static ScheduledEventRow moved(ScheduledEventRow event, Instant now) {
        if (event.status() == ScheduledEventStatus.ACTIVE) {
            return ScheduledEventTimeline.ended(event, ScheduledEventStatus.COMPLETED, now);
        }
        if (!event.isExternal()) {
            return event.recurrenceRule() == null
                    ? event.withStatus(ScheduledEventStatus.CANCELED)
                    : ScheduledEventTimeline.ended(event, ScheduledEventStatus.COMPLETED, now);
        }
        boolean over = event.endTime() != null && !event.endTime().isAfter(now);
        return over
                ? ScheduledEventTimeline.ended(event, ScheduledEventStatus.COMPLETED, now)
                : event.withStatus(ScheduledEventStatus.ACTIVE);
    }
}
