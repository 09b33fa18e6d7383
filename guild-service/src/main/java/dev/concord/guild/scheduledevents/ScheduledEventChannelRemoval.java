package dev.concord.guild.scheduledevents;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelRemovalListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** A deleted channel takes the events held in it: GUILD_SCHEDULED_EVENT_DELETE for each. */
@Component
final class ScheduledEventChannelRemoval implements ChannelRemovalListener {

    private final ScheduledEventStore store;
    private final ScheduledEventAnnouncer announcer;

    ScheduledEventChannelRemoval(ScheduledEventStore store, ScheduledEventAnnouncer announcer) {
        this.store = store;
        this.announcer = announcer;
    }

    @Override
    public Mono<Void> channelRemoved(ChannelData channel) {
        return store.deleteOfChannel(channel.id())
                .collectList()
                .flatMap(events -> announcer.announceAll(events, ScheduledEventEvents::deleted));
    }
}
