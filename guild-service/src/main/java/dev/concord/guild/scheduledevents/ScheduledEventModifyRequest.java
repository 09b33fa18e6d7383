package dev.concord.guild.scheduledevents;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code PATCH /guilds/{guild.id}/scheduled-events/{id}}: any field of the event, and
 * {@code status} to start, end or cancel it. Moving an event to EXTERNAL takes {@code channel_id} null,
 * a location and an end time ({@link ScheduledEventShape}).
 */
record ScheduledEventModifyRequest(
        Possible<Optional<Snowflake>> channelId,
        Possible<Optional<EntityMetadataRequest>> entityMetadata,
        Possible<String> name,
        Possible<Integer> privacyLevel,
        Possible<Instant> scheduledStartTime,
        Possible<Optional<Instant>> scheduledEndTime,
        Possible<Optional<String>> description,
        Possible<Integer> entityType,
        Possible<Integer> status,
        Possible<Optional<String>> image,
        Possible<Optional<RecurrenceRuleRequest>> recurrenceRule)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("scheduled_start_time", scheduledStartTime);
        v.notNullIfSent("status", status);
        v.oneOf(
                "status",
                status.orNull(),
                List.of(
                        ScheduledEventStatus.SCHEDULED,
                        ScheduledEventStatus.ACTIVE,
                        ScheduledEventStatus.COMPLETED,
                        ScheduledEventStatus.CANCELED));
        ScheduledEventFields.validate(
                v, name, description, privacyLevel, entityType, image, entityMetadata, recurrenceRule);
    }
}
