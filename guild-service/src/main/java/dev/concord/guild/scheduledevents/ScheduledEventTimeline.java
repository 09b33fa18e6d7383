package dev.concord.guild.scheduledevents;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What ending an event leaves: a one-off event stays COMPLETED or CANCELED; a recurring one that completes
 * or misses its time moves on to its next occurrence, SCHEDULED again with the same length. Canceling a
 * recurring event ends the series.
 */
final class ScheduledEventTimeline {

    private ScheduledEventTimeline() {}

    /** The event after it reached {@code status}; {@code now} is when, past which the next occurrence lies. */
    static ScheduledEventRow ended(ScheduledEventRow event, int status, Instant now) {
        RecurrenceRule rule = event.recurrenceRule();
        if (rule == null || status == ScheduledEventStatus.CANCELED) {
            return event.withStatus(status);
        }
        Instant next = RecurrenceRules.next(rule, now.isAfter(event.startTime()) ? now : event.startTime());
        if (next == null) {
            return event.withStatus(status);
        }
        @Nullable
        Instant end = event.endTime() == null ? null : next.plus(Duration.between(event.startTime(), event.endTime()));
        return event.rescheduled(next, end);
    }
}
