package dev.concord.platform.guilds;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Where a channel is, for services whose routes name only a channel ({@code /channels/{id}/messages}):
 * its guild (none for a DM, which has its recipients instead) and type, from guild-service's internal API.
 * A channel never moves to another guild, and a DM's two recipients never change, so answers are kept for
 * {@code ttl}; a channel deleted meanwhile is then refused by the permission check that follows
 * (guild-service answers 404 10003 about it). A group DM's recipients change at any time (one added may
 * write at once, one removed must not): it is asked for each time, never kept.
 */
public final class ChannelDirectory {

    /** A channel's place: its guild and type, or for a DM or group DM (no guild) its recipients. */
    public record ChannelPlace(
            Snowflake id,
            @Nullable Snowflake guildId,
            int type,
            List<Snowflake> recipientIds,
            @Nullable Snowflake parentId) {

        /** Thread channel types: announcement, public and private threads. */
        private static final Set<Integer> THREADS = Set.of(10, 11, 12);

        public ChannelPlace {
            recipientIds = List.copyOf(recipientIds);
        }

        public ChannelPlace(Snowflake id, @Nullable Snowflake guildId, int type, List<Snowflake> recipientIds) {
            this(id, guildId, type, recipientIds, null);
        }

        /** A thread: its {@code parentId} is the channel it belongs to (a category's channels have one too). */
        public boolean isThread() {
            return THREADS.contains(type);
        }

        static ChannelPlace read(JsonNode channel) {
            JsonNode guild = channel.path("guild_id");
            JsonNode parent = channel.path("parent_id");
            return new ChannelPlace(
                    Snowflake.parse(channel.path("id").asString()),
                    guild.isString() ? Snowflake.parse(guild.asString()) : null,
                    channel.path("type").asInt(),
                    channel.path("recipient_ids")
                            .valueStream()
                            .map(id -> Snowflake.parse(id.asString()))
                            .toList(),
                    parent.isString() ? Snowflake.parse(parent.asString()) : null);
        }
    }

    private static final int GROUP_DM = 3;

    private final GuildServiceClient guilds;
    private final AsyncCache<Snowflake, ChannelPlace> places;

    ChannelDirectory(GuildServiceClient guilds, Duration ttl, long maxSize) {
        this.guilds = guilds;
        this.places = Caffeine.newBuilder()
                .expireAfter(Expiry.<Snowflake, ChannelPlace>creating(
                        (id, place) -> place.type() == GROUP_DM ? Duration.ZERO : ttl))
                .maximumSize(maxSize)
                .buildAsync();
    }

    /**
     * Before a message goes into a DM of two: the DM comes back to those of its recipients who had closed
     * it, as on the platform (guild-service sends them CHANNEL_CREATE).
     */
    public Mono<Void> reopen(Snowflake channelId) {
        return guilds.reopen(channelId);
    }

    /**
     * The channel object as guild-service has it now (its name, topic, ...), never cached: for the rare
     * caller that shows what a channel is called, which a rename changes. 404 10003 for no such channel.
     */
    public Mono<JsonNode> channel(Snowflake channelId) {
        return guilds.channel(channelId);
    }

    /**
     * Starts a thread under {@code parentId} ({@code POST /internal/channels/{id}/threads}, docs/internal-api.md):
     * the thread as guild-service answers it, or its refusal as an {@code ApiException}.
     */
    public Mono<JsonNode> startThread(Snowflake parentId, Map<String, Object> body) {
        return guilds.startThread(parentId, body);
    }

    /**
     * Before a message goes into a thread: a locked one refuses it (403 50013) unless the author manages
     * threads, an archived one opens again, a member author joins it. The thread as it now is.
     */
    public Mono<JsonNode> threadMessage(
            Snowflake threadId, Snowflake messageId, @Nullable Snowflake authorId, boolean manageThreads) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("message_id", messageId.asString());
        if (authorId != null) {
            body.put("author_id", authorId.asString());
        }
        body.put("manage_threads", manageThreads);
        return guilds.threadMessage(threadId, body);
    }

    /**
     * After messages of a thread were deleted (at most 100): its {@code message_count} no longer counts
     * them.
     */
    public Mono<Void> threadMessagesDeleted(Snowflake threadId, List<Snowflake> messageIds) {
        return guilds.threadMessagesDeleted(
                threadId, messageIds.stream().map(Snowflake::asString).toList());
    }

    /** The channel's place; 404 10003 (an {@code ApiException}) for no such channel. Failures are not kept. */
    public Mono<ChannelPlace> place(Snowflake channelId) {
        return Mono.fromFuture(() -> places.get(
                channelId,
                (id, executor) -> guilds.channel(id).map(ChannelPlace::read).toFuture()));
    }
}
