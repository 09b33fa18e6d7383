package dev.concord.guild.directories;

import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Whether a guild is listed in a directory channel the user can see: such a guild is discoverable to that
 * user (the platform's HAS_DIRECTORY_ENTRY), whatever its own DISCOVERABLE feature says.
 */
@Component
public final class DirectoryListings {

    /** How many of a guild's listings are looked at; a guild is listed in a handful of hubs at most. */
    private static final int MAX_LISTINGS = 25;

    private final DirectoryStore store;
    private final ChannelAccesses channels;

    DirectoryListings(DirectoryStore store, ChannelAccesses channels) {
        this.store = store;
        this.channels = channels;
    }

    public Mono<Boolean> visibleTo(Snowflake guildId, Snowflake userId) {
        return store.directoriesListing(guildId, MAX_LISTINGS)
                .concatMap(directory -> channels.load(directory, userId, false)
                        .map(channel -> channel.has(Permission.VIEW_CHANNEL))
                        // Not a member of the hub, or the channel gone: this listing shows the user nothing.
                        .onErrorResume(notThere -> Mono.just(false)))
                .any(Boolean::booleanValue);
    }
}
