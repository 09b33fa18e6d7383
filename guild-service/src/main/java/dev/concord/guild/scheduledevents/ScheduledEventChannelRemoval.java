package dev.concord.guild.scheduledevents;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelRemovalListener;
import dev.concord.platform.events.Outbox;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** A deleted channel takes the events held in it: GUILD_SCHEDULED_EVENT_DELETE for each. */
@Component
final class ScheduledEventChannelRemoval implements ChannelRemovalListener {

    private final ScheduledEventStore store;
    private final ScheduledEventViews views;
    private final Outbox outbox;

    ScheduledEventChannelRemoval(ScheduledEventStore store, ScheduledEventViews views, Outbox outbox) {
        this.store = store;
        this.views = views;
        this.outbox = outbox;
    }

    @Override
    public Mono<Void> channelRemoved(ChannelData channel) {
        return store.deleteOfChannel(channel.id())
                .collectList()
                .filter(events -> !events.isEmpty())
                .flatMap(events -> views.creators(events)
                        .flatMap(creators -> outbox.appendAll(events.stream()
                                .map(event -> ScheduledEventEvents.deleted(
                                        event, event.creatorId() == null ? null : creators.get(event.creatorId())))
                                .toList())));
    }
}
