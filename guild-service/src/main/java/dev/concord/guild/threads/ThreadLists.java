package dev.concord.guild.threads;

import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The lists of threads a member reads: a guild's open threads they can see, and a channel's archived
 * ones (public, private, or the private ones they joined), each with their own memberships among them.
 */
@Service
final class ThreadLists {

    /** The answer of every list: the threads, the reader's memberships among them, whether more follow. */
    record Page(List<ThreadData> threads, List<ThreadMemberData> members, boolean hasMore) {}

    private final ThreadStore threads;
    private final GuildAccesses guilds;
    private final ChannelAccesses channels;
    private final ChannelStore channelRows;
    private final Clock clock;

    ThreadLists(
            ThreadStore threads,
            GuildAccesses guilds,
            ChannelAccesses channels,
            ChannelStore channelRows,
            Clock clock) {
        this.threads = threads;
        this.guilds = guilds;
        this.channels = channels;
        this.channelRows = channelRows;
        this.clock = clock;
    }

    /** The guild's open threads the member can see (403 50001 for a non-member), in three statements. */
    Mono<Page> active(Snowflake guildId, Snowflake userId) {
        return guilds.load(guildId, userId, false).flatMap(access -> Mono.zip(
                        channelRows.list(guildId).collectList(),
                        threads.open(guildId).collectList())
                .flatMap(loaded -> {
                    List<ThreadData> open = loaded.getT2();
                    return threads.joined(
                                    userId, open.stream().map(ThreadData::id).toList())
                            .map(joined -> ThreadVisibility.visible(
                                    access.permissions(),
                                    access.member(),
                                    loaded.getT1(),
                                    open,
                                    joined,
                                    clock.instant()));
                })
                .flatMap(visible -> page(userId, visible, false)));
    }

    /**
     * A channel's archived public threads (READ_MESSAGE_HISTORY), or its private ones (MANAGE_THREADS too),
     * most recently archived first, before {@code before} (default now).
     */
    Mono<Page> archived(
            Snowflake channelId, Snowflake userId, boolean privateOnes, @Nullable Instant before, int limit) {
        return channels.load(channelId, userId, false).flatMap(parent -> {
            parent.requireVisible().require(Permission.READ_MESSAGE_HISTORY);
            if (privateOnes) {
                parent.require(Permission.MANAGE_THREADS);
            }
            Instant until = before == null ? clock.instant().plusSeconds(1) : before;
            return threads.archived(channelId, privateOnes, until, limit + 1)
                    .collectList()
                    .flatMap(found -> page(userId, found, limit));
        });
    }

    /** A channel's archived private threads the member joined (READ_MESSAGE_HISTORY), newest first. */
    Mono<Page> joinedArchivedPrivate(Snowflake channelId, Snowflake userId, @Nullable Snowflake before, int limit) {
        return channels.load(channelId, userId, false).flatMap(parent -> {
            parent.requireVisible().require(Permission.READ_MESSAGE_HISTORY);
            long until = before == null ? Long.MAX_VALUE : before.value();
            return threads.joinedArchivedPrivate(channelId, userId, until, limit + 1)
                    .collectList()
                    .flatMap(found -> page(userId, found, limit));
        });
    }

    private Mono<Page> page(Snowflake userId, List<ThreadData> found, int limit) {
        boolean more = found.size() > limit;
        return page(userId, more ? found.subList(0, limit) : found, more);
    }

    private Mono<Page> page(Snowflake userId, List<ThreadData> shown, boolean more) {
        return threads.membershipsOf(userId, shown.stream().map(ThreadData::id).toList())
                .collectList()
                .map(members -> new Page(shown, members, more));
    }
}
