package dev.concord.guild.directories;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelRemovalListener;
import dev.concord.platform.events.Outbox;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** A deleted directory takes its entries: GUILD_DIRECTORY_ENTRY_DELETE for each. */
@Component
final class DirectoryChannelRemoval implements ChannelRemovalListener {

    private final DirectoryStore store;
    private final Outbox outbox;

    DirectoryChannelRemoval(DirectoryStore store, Outbox outbox) {
        this.store = store;
        this.outbox = outbox;
    }

    @Override
    public Mono<Void> channelRemoved(ChannelData channel) {
        return store.deleteOfChannel(channel.id())
                .map(DirectoryEvents::deleted)
                .collectList()
                .flatMap(deleted -> deleted.isEmpty() ? Mono.empty() : outbox.appendAll(deleted));
    }
}
