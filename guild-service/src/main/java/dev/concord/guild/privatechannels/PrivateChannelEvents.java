package dev.concord.guild.privatechannels;

import static dev.concord.platform.events.EventTypes.CHANNEL_CREATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CHANNEL_CREATE for a new DM or group DM, one per recipient (each reads the others as its recipients),
 * on {@code guild.events} keyed by the channel id.
 */
final class PrivateChannelEvents {

    private PrivateChannelEvents() {}

    static List<DomainEvent> created(PrivateChannelRow row, Map<Snowflake, PrivateChannelData> byReader) {
        List<DomainEvent> events = new ArrayList<>();
        byReader.forEach((reader, data) ->
                events.add(new DomainEvent(CHANNEL_CREATE, row.id().asString(), Audience.users(reader), data)));
        return events;
    }
}
