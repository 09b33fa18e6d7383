package dev.concord.guild.scheduledevents;

import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_USER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_USER_REMOVE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * GUILD_SCHEDULED_EVENT_* on {@code guild.events}, keyed by guild id: to the members who can see the
 * event's channel, or the whole guild for an external event.
 */
final class ScheduledEventEvents {

    private ScheduledEventEvents() {}

    static DomainEvent created(ScheduledEventRow event, @Nullable PartialUser creator) {
        return of(GUILD_SCHEDULED_EVENT_CREATE, event, creator);
    }

    static DomainEvent updated(ScheduledEventRow event, @Nullable PartialUser creator) {
        return of(GUILD_SCHEDULED_EVENT_UPDATE, event, creator);
    }

    static DomainEvent deleted(ScheduledEventRow event, @Nullable PartialUser creator) {
        return of(GUILD_SCHEDULED_EVENT_DELETE, event, creator);
    }

    /** A user became interested (or stopped being: {@code added} false). */
    static DomainEvent userChanged(ScheduledEventRow event, Snowflake userId, boolean added) {
        return new DomainEvent(
                added ? GUILD_SCHEDULED_EVENT_USER_ADD : GUILD_SCHEDULED_EVENT_USER_REMOVE,
                event.guildId().asString(),
                audience(event),
                Map.of("guild_scheduled_event_id", event.id(), "user_id", userId, "guild_id", event.guildId()));
    }

    private static DomainEvent of(String type, ScheduledEventRow event, @Nullable PartialUser creator) {
        return new DomainEvent(
                type, event.guildId().asString(), audience(event), ScheduledEventData.of(event, creator, null));
    }

    static Audience audience(ScheduledEventRow event) {
        return event.channelId() == null
                ? Audience.guild(event.guildId())
                : Audience.channel(event.guildId(), event.channelId());
    }
}
