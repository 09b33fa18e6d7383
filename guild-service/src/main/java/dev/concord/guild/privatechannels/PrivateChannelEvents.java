package dev.concord.guild.privatechannels;

import static dev.concord.platform.events.EventTypes.CHANNEL_CREATE;
import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.CHANNEL_RECIPIENT_ADD;
import static dev.concord.platform.events.EventTypes.CHANNEL_RECIPIENT_REMOVE;
import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The events of private channels, on {@code guild.events} keyed by the channel id: CHANNEL_CREATE,
 * CHANNEL_UPDATE and CHANNEL_DELETE one per recipient (each reads the others as its recipients), and a
 * group DM's CHANNEL_RECIPIENT_ADD and CHANNEL_RECIPIENT_REMOVE ({@code {"channel_id", "user"}}) to the
 * recipients it had before the change and has after it.
 */
final class PrivateChannelEvents {

    private PrivateChannelEvents() {}

    static List<DomainEvent> created(PrivateChannelRow row, Map<Snowflake, PrivateChannelData> byReader) {
        return perReader(CHANNEL_CREATE, row, byReader);
    }

    static List<DomainEvent> updated(PrivateChannelRow row, Map<Snowflake, PrivateChannelData> byReader) {
        return perReader(CHANNEL_UPDATE, row, byReader);
    }

    static List<DomainEvent> deleted(PrivateChannelRow row, Map<Snowflake, PrivateChannelData> byReader) {
        return perReader(CHANNEL_DELETE, row, byReader);
    }

    static DomainEvent recipientAdded(PrivateChannelRow row, PartialUser user, List<Snowflake> audience) {
        return recipient(CHANNEL_RECIPIENT_ADD, row, user, audience);
    }

    static DomainEvent recipientRemoved(PrivateChannelRow row, PartialUser user, List<Snowflake> audience) {
        return recipient(CHANNEL_RECIPIENT_REMOVE, row, user, audience);
    }

    private static DomainEvent recipient(
            String type, PrivateChannelRow row, PartialUser user, List<Snowflake> audience) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("channel_id", row.id());
        data.put("user", user);
        return new DomainEvent(type, row.id().asString(), Audience.users(audience), data);
    }

    private static List<DomainEvent> perReader(
            String type, PrivateChannelRow row, Map<Snowflake, PrivateChannelData> byReader) {
        List<DomainEvent> events = new ArrayList<>();
        byReader.forEach(
                (reader, data) -> events.add(new DomainEvent(type, row.id().asString(), Audience.users(reader), data)));
        return events;
    }
}
