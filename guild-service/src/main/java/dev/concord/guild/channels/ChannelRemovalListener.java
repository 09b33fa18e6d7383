package dev.concord.guild.channels;

import reactor.core.publisher.Mono;

/**
 * What else goes with a deleted guild channel (the events held in it, its stage): told inside the
 * deletion's transaction, so the channel and what hangs on it go together, events included.
 */
public interface ChannelRemovalListener {

    Mono<Void> channelRemoved(ChannelData channel);
}
