package dev.concord.guild.scheduledevents;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The platform's guild scheduled event object. {@code creator} is there when its user is known;
 * {@code user_count} only when asked for ({@code with_user_count}). No occurrence of a recurring event is
 * changed on its own here, so {@code guild_scheduled_event_exceptions} is always empty.
 */
record ScheduledEventData(
        Snowflake id,
        Snowflake guildId,
        @Nullable Snowflake channelId,
        @Nullable Snowflake creatorId,
        String name,
        @Nullable String description,
        Instant scheduledStartTime,
        @Nullable Instant scheduledEndTime,
        int privacyLevel,
        int status,
        int entityType,
        @Nullable Snowflake entityId,
        @Nullable Map<String, String> entityMetadata,
        Possible<PartialUser> creator,
        Possible<Integer> userCount,
        @Nullable String image,
        @Nullable RecurrenceRule recurrenceRule,
        List<Object> guildScheduledEventExceptions) {

    static ScheduledEventData of(ScheduledEventRow row, @Nullable PartialUser creator, @Nullable Integer userCount) {
        return new ScheduledEventData(
                row.id(),
                row.guildId(),
                row.channelId(),
                row.creatorId(),
                row.name(),
                row.description(),
                row.startTime(),
                row.endTime(),
                row.privacyLevel(),
                row.status(),
                row.entityType(),
                row.entityId(),
                row.location() == null ? null : Map.of("location", row.location()),
                creator == null ? Possible.absent() : Possible.of(creator),
                userCount == null ? Possible.absent() : Possible.of(userCount),
                row.image(),
                row.recurrenceRule(),
                List.of());
    }
}
