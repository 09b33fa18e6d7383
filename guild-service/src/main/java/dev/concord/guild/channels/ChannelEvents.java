package dev.concord.guild.channels;

import static dev.concord.platform.events.EventTypes.CHANNEL_CREATE;
import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Channel events on {@code guild.events}, keyed by guild id. Their audience is the channel: the
 * gateway delivers them only to members who can view it.
 */
public final class ChannelEvents {

    private ChannelEvents() {}

    static DomainEvent channelCreate(ChannelData channel) {
        return new DomainEvent(
                CHANNEL_CREATE,
                channel.guildId().asString(),
                Audience.channel(channel.guildId(), channel.id()),
                channel);
    }

    static DomainEvent channelUpdate(ChannelData channel) {
        return new DomainEvent(
                CHANNEL_UPDATE,
                channel.guildId().asString(),
                Audience.channel(channel.guildId(), channel.id()),
                channel);
    }

    /**
     * CHANNEL_DELETE carries the channel as it was, overwrites included, so whoever resolves its audience
     * can still tell who could see it.
     */
    static DomainEvent channelDelete(ChannelData channel) {
        return new DomainEvent(
                CHANNEL_DELETE,
                channel.guildId().asString(),
                Audience.channel(channel.guildId(), channel.id()),
                channel);
    }

    /** CHANNEL_UPDATE for each of these channels as they now are, read in one statement however many. */
    public static Mono<List<DomainEvent>> updates(ChannelStore store, List<Snowflake> channelIds) {
        if (channelIds.isEmpty()) {
            return Mono.just(List.of());
        }
        return store.findAll(channelIds).map(ChannelEvents::channelUpdate).collectList();
    }
}
