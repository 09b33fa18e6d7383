package dev.concord.guild.scheduledevents;

import dev.concord.platform.web.Violations;

/**
 * What an event's entity type asks of its other fields, checked on the event as it would be after a
 * create or a change: a stage or voice event has a channel; an external one none, a location and an end.
 * An end, if any, comes after the start.
 */
final class ScheduledEventShape {

    private ScheduledEventShape() {}

    static void check(Violations v, ScheduledEventRow event) {
        if (event.isExternal()) {
            if (event.channelId() != null) {
                ScheduledEventErrors.channelForExternal(v);
            }
            if (event.location() == null) {
                v.at("entity_metadata").required("location", null);
            }
            v.required("scheduled_end_time", event.endTime());
        } else {
            v.required("channel_id", event.channelId());
        }
        if (event.endTime() != null && !event.endTime().isAfter(event.startTime())) {
            ScheduledEventErrors.endBeforeStart(v);
        }
    }
}
