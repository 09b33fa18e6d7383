package dev.concord.guild.scheduledevents;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.Optional;

/**
 * The body of {@code POST /guilds/{guild.id}/scheduled-events}. What the entity type requires of
 * {@code channel_id}, {@code entity_metadata} and {@code scheduled_end_time} is checked with the guild
 * ({@link ScheduledEventShape}).
 */
record ScheduledEventCreateRequest(
        Possible<Optional<Snowflake>> channelId,
        Possible<Optional<EntityMetadataRequest>> entityMetadata,
        Possible<String> name,
        Possible<Integer> privacyLevel,
        Possible<Instant> scheduledStartTime,
        Possible<Optional<Instant>> scheduledEndTime,
        Possible<Optional<String>> description,
        Possible<Integer> entityType,
        Possible<Optional<String>> image,
        Possible<Optional<RecurrenceRuleRequest>> recurrenceRule)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("name", name.orNull());
        v.required("privacy_level", privacyLevel.orNull());
        v.required("scheduled_start_time", scheduledStartTime.orNull());
        v.required("entity_type", entityType.orNull());
        ScheduledEventFields.validate(
                v, name, description, privacyLevel, entityType, image, entityMetadata, recurrenceRule);
    }
}
