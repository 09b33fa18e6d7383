package dev.concord.guild.scheduledevents;

import dev.concord.guild.ImageData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import org.jspecify.annotations.Nullable;

/**
 * New events and changed ones as requests describe them, before any check of the whole: a field left out
 * stays as it was; {@code entity_metadata} counts for external events only (the platform drops it
 * silently for others), so an event that stops being external loses its location.
 */
final class ScheduledEventChanges {

    private ScheduledEventChanges() {}

    static ScheduledEventRow created(
            Snowflake id, Snowflake guildId, Snowflake creatorId, ScheduledEventCreateRequest request) {
        int entityType = request.entityType().get();
        RecurrenceRuleRequest rule = Possible.valueOrNull(request.recurrenceRule());
        EntityMetadataRequest metadata = Possible.valueOrNull(request.entityMetadata());
        return new ScheduledEventRow(
                id,
                guildId,
                Possible.valueOrNull(request.channelId()),
                creatorId,
                request.name().get(),
                ScheduledEventFields.description(Possible.valueOrNull(request.description())),
                ImageData.hash(Possible.valueOrNull(request.image())),
                request.scheduledStartTime().get(),
                Possible.valueOrNull(request.scheduledEndTime()),
                request.privacyLevel().get(),
                ScheduledEventStatus.SCHEDULED,
                entityType,
                null,
                entityType == ScheduledEventFields.EXTERNAL && metadata != null
                        ? Possible.valueOrNull(metadata.location())
                        : null,
                rule == null ? null : rule.rule());
    }

    static ScheduledEventRow modified(ScheduledEventRow event, ScheduledEventModifyRequest request) {
        int entityType = request.entityType().orElse(event.entityType());
        RecurrenceRuleRequest rule = Possible.valueOrNull(request.recurrenceRule());
        return new ScheduledEventRow(
                event.id(),
                event.guildId(),
                request.channelId().isPresent() ? Possible.valueOrNull(request.channelId()) : event.channelId(),
                event.creatorId(),
                request.name().orElse(event.name()),
                request.description().isPresent()
                        ? ScheduledEventFields.description(Possible.valueOrNull(request.description()))
                        : event.description(),
                request.image().isPresent() ? ImageData.hash(Possible.valueOrNull(request.image())) : event.image(),
                request.scheduledStartTime().orElse(event.startTime()),
                request.scheduledEndTime().isPresent()
                        ? Possible.valueOrNull(request.scheduledEndTime())
                        : event.endTime(),
                request.privacyLevel().orElse(event.privacyLevel()),
                request.status().orElse(event.status()),
                entityType,
                event.entityId(),
                entityType == ScheduledEventFields.EXTERNAL ? location(event, request) : null,
                request.recurrenceRule().isPresent() ? (rule == null ? null : rule.rule()) : event.recurrenceRule());
    }

    private static @Nullable String location(ScheduledEventRow event, ScheduledEventModifyRequest request) {
        if (!request.entityMetadata().isPresent()) {
            return event.location();
        }
        EntityMetadataRequest metadata = Possible.valueOrNull(request.entityMetadata());
        if (metadata == null) {
            return null;
        }
        return metadata.location().isPresent() ? Possible.valueOrNull(metadata.location()) : event.location();
    }
}
