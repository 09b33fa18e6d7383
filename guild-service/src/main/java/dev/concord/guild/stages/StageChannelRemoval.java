package dev.concord.guild.stages;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelRemovalListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** A deleted stage channel closes its stage. */
@Component
final class StageChannelRemoval implements ChannelRemovalListener {

    private final StageClosing closing;

    StageChannelRemoval(StageClosing closing) {
        this.closing = closing;
    }

    @Override
    public Mono<Void> channelRemoved(ChannelData channel) {
        return closing.close(channel.id()).then();
    }
}
