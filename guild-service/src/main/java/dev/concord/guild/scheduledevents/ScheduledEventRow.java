package dev.concord.guild.scheduledevents;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * A row of {@code scheduled_events}. {@code channelId} is the stage or voice channel (none for an external
 * event, whose place is {@code location}); {@code creatorId} none for events made by the platform.
 */
record ScheduledEventRow(
        Snowflake id,
        Snowflake guildId,
        @Nullable Snowflake channelId,
        @Nullable Snowflake creatorId,
        String name,
        @Nullable String description,
        @Nullable String image,
        Instant startTime,
        @Nullable Instant endTime,
        int privacyLevel,
        int status,
        int entityType,
        @Nullable Snowflake entityId,
        @Nullable String location,
        @Nullable RecurrenceRule recurrenceRule) {

    static ScheduledEventRow read(Readable row, JsonMapper mapper) {
        String rule = row.get("recurrence_rule", String.class);
        return new ScheduledEventRow(
                Columns.requiredSnowflake(row, "id"),
                Columns.requiredSnowflake(row, "guild_id"),
                Columns.snowflake(row, "channel_id"),
                Columns.snowflake(row, "creator_id"),
                Objects.requireNonNull(row.get("name", String.class), "name"),
                row.get("description", String.class),
                row.get("image", String.class),
                Columns.requiredInstant(row, "start_time"),
                Columns.instant(row, "end_time"),
                Columns.integer(row, "privacy_level"),
                Columns.integer(row, "status"),
                Columns.integer(row, "entity_type"),
                Columns.snowflake(row, "entity_id"),
                row.get("location", String.class),
                rule == null ? null : mapper.readValue(rule, RecurrenceRule.class));
    }

    boolean isExternal() {
        return entityType == ScheduledEventFields.EXTERNAL;
    }

    /** The event ACTIVE, held by the entity (a stage instance). */
    ScheduledEventRow startedBy(Snowflake entity) {
        return moved(startTime, endTime, ScheduledEventStatus.ACTIVE, entity);
    }

    /** The event no longer held by an entity (its stage closed). */
    ScheduledEventRow withoutEntity() {
        return moved(startTime, endTime, status, null);
    }

    /** The event moved to another occurrence, SCHEDULED. */
    ScheduledEventRow rescheduled(Instant start, @Nullable Instant end) {
        return moved(start, end, ScheduledEventStatus.SCHEDULED, entityId);
    }

    ScheduledEventRow withStatus(int newStatus) {
        return moved(startTime, endTime, newStatus, entityId);
    }

    /** The same event at another time, status or entity: what time and stages change of it. */
    private ScheduledEventRow moved(Instant start, @Nullable Instant end, int newStatus, @Nullable Snowflake entity) {
        return new ScheduledEventRow(
                id,
                guildId,
                channelId,
                creatorId,
                name,
                description,
                image,
                start,
                end,
                privacyLevel,
                newStatus,
                entityType,
                entity,
                location,
                recurrenceRule);
    }
}
