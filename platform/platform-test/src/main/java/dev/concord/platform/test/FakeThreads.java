package dev.concord.platform.test;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link GuildServiceFake}'s thread routes, simpler than guild-service's: a thread is a channel of its
 * parent's guild in which members have what they have in the parent; starting one checks only that the
 * parent exists (404 10003) and gives it the type its parent gives (forum posts and threads from a message
 * public, an announcement channel's announcement threads, else the type asked for or private); a message
 * in a locked thread is refused unless its author manages threads. Tests can make the next start fail.
 */
final class FakeThreads {

    private static final int ANNOUNCEMENT_CHANNEL = 5;
    private static final Set<Integer> FORUMS = Set.of(15, 16);

    private final JsonMapper json;
    private final Map<Long, GuildServiceFake.Guild> guilds;
    private final Map<Long, Integer> channelTypes;
    private final Map<Long, ObjectNode> threads = new ConcurrentHashMap<>();
    private final Set<Long> locked = ConcurrentHashMap.newKeySet();
    private final AtomicLong ids = new AtomicLong(1L << 41);
    private volatile @Nullable JsonNode refusal;
    private volatile int refusalStatus;

    FakeThreads(JsonMapper json, Map<Long, GuildServiceFake.Guild> guilds, Map<Long, Integer> channelTypes) {
        this.json = json;
        this.guilds = guilds;
        this.channelTypes = channelTypes;
    }

    /** A thread of the parent's guild, as guild-service would describe it. */
    ObjectNode add(GuildServiceFake.Guild guild, long threadId, long parentId, int type, String name, long ownerId) {
        guild.thread(threadId, parentId);
        channelTypes.put(threadId, type);
        ObjectNode thread = json.createObjectNode()
                .put("id", Long.toString(threadId))
                .put("type", type)
                .put("guild_id", Long.toString(guild.id()))
                .put("parent_id", Long.toString(parentId))
                .put("owner_id", Long.toString(ownerId))
                .put("name", name)
                .putNull("last_message_id")
                .put("rate_limit_per_user", 0)
                .put("flags", 0)
                .put("message_count", 0)
                .put("member_count", 0)
                .put("total_message_sent", 0);
        thread.putArray("applied_tags");
        thread.putObject("thread_metadata")
                .put("archived", false)
                .put("auto_archive_duration", 1440)
                .put("archive_timestamp", "2026-01-01T00:00:00Z")
                .put("locked", false)
                .put("create_timestamp", "2026-01-01T00:00:00Z");
        threads.put(threadId, thread);
        return thread;
    }

    void lock(long threadId) {
        locked.add(threadId);
    }

    /** The next start is answered with this status and the platform's error body. */
    void refuseNext(int status, int code, String message) {
        refusalStatus = status;
        refusal = json.createObjectNode().put("message", message).put("code", code);
    }

    /** The thread's parent; null for a channel that is no thread here. */
    @Nullable
    Long parentOf(long channelId) {
        ObjectNode thread = threads.get(channelId);
        return thread == null ? null : Long.parseLong(thread.get("parent_id").asString());
    }

    /** POST /internal/channels/{channel.id}/threads. */
    Mono<Void> start(HttpServerRequest request, HttpServerResponse response, JsonNode body) {
        JsonNode refused = refusal;
        if (refused != null) {
            refusal = null;
            return FakeAnswers.json(response, refusalStatus, refused.toString());
        }
        long parentId = Long.parseLong(request.param("channelId"));
        GuildServiceFake.Guild guild = guilds.values().stream()
                .filter(candidate -> candidate.hasChannel(parentId) && parentOf(parentId) == null)
                .findFirst()
                .orElse(null);
        if (guild == null) {
            return GuildServiceFake.error(response, 404, 10003, "Unknown Channel");
        }
        int parentType = channelTypes.getOrDefault(parentId, 0);
        boolean fromMessage = body.hasNonNull("message_id");
        int type = FORUMS.contains(parentType) || fromMessage
                ? (parentType == ANNOUNCEMENT_CHANNEL ? 10 : 11)
                : parentType == ANNOUNCEMENT_CHANNEL ? 10 : body.path("type").asInt(12);
        long id = fromMessage
                ? Long.parseLong(body.get("message_id").asString())
                : body.hasNonNull("id") ? Long.parseLong(body.get("id").asString()) : ids.incrementAndGet();
        String owner = body.hasNonNull("user_id")
                ? body.get("user_id").asString()
                : body.path("webhook_id").asString();
        ObjectNode thread = add(guild, id, parentId, type, body.path("name").asString(), Long.parseLong(owner));
        if (body.has("applied_tags")) {
            thread.set("applied_tags", body.get("applied_tags").deepCopy());
        }
        return FakeAnswers.json(response, 201, thread.toString());
    }

    /** POST /internal/threads/{thread.id}/messages/deleted: the count down, a post's first message aside. */
    Mono<Void> messagesDeleted(HttpServerRequest request, HttpServerResponse response, JsonNode body) {
        long threadId = Long.parseLong(request.param("threadId"));
        ObjectNode thread = threads.get(threadId);
        if (thread == null) {
            return GuildServiceFake.error(response, 404, 10003, "Unknown Channel");
        }
        long counted = body.path("message_ids")
                .valueStream()
                .map(JsonNode::asString)
                .distinct()
                .filter(id -> !id.equals(Long.toString(threadId)))
                .count();
        thread.put("message_count", Math.max(0, thread.get("message_count").asInt() - counted));
        return response.status(204).send();
    }

    /** POST /internal/threads/{thread.id}/messages. */
    Mono<Void> message(HttpServerRequest request, HttpServerResponse response, JsonNode body) {
        long threadId = Long.parseLong(request.param("threadId"));
        ObjectNode thread = threads.get(threadId);
        if (thread == null) {
            return GuildServiceFake.error(response, 404, 10003, "Unknown Channel");
        }
        if (locked.contains(threadId) && !body.path("manage_threads").asBoolean(false)) {
            return GuildServiceFake.error(response, 403, 50013, "Missing Permissions");
        }
        if (!body.path("message_id").asString().equals(Long.toString(threadId))) {
            // A post's first message (the thread's id) is not counted, as guild-service counts.
            thread.put("message_count", thread.get("message_count").asInt() + 1);
        }
        thread.put("last_message_id", body.path("message_id").asString());
        ((ObjectNode) thread.get("thread_metadata")).put("archived", false);
        return FakeAnswers.json(response, 200, thread.toString());
    }
}
