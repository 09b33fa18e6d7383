package dev.concord.guild.channels;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;

/**
 * Channel events on {@code guild.events}, keyed by guild id. Their audience is the channel: the
 * gateway delivers them only to members who can view it.
 */
final class ChannelEvents {

    static final String CHANNEL_CREATE = "CHANNEL_CREATE";

    private ChannelEvents() {}

    static DomainEvent channelCreate(ChannelData channel) {
        return new DomainEvent(CHANNEL_CREATE, channel.guildId().asString(),
                Audience.channel(channel.guildId(), channel.id()), channel);
    }
}
