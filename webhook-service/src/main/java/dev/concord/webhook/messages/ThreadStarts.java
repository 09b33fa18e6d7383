package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.guilds.ChannelDirectory;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Threads started by members, which guild-service keeps (docs/internal-api.md) and this service takes the
 * routes of because they carry or name a message: a thread without a message (a public one announced in
 * its channel by a THREAD_CREATED message), a thread from a message (which gets HAS_THREAD), and a forum
 * post with its first message.
 */
@Service
final class ThreadStarts {

    /** Channels whose messages are all posts: forum and media. */
    static final Set<Integer> FORUMS = Set.of(15, 16);

    private static final int PRIVATE_THREAD = 12;

    private final ChannelAccess access;
    private final ChannelDirectory channels;
    private final MessageService messages;
    private final MessageStore store;
    private final MessageViews views;
    private final Outbox outbox;
    private final RecentMessages recent;
    private final JsonMapper mapper;
    private final SnowflakeGenerator ids;

    ThreadStarts(
            ChannelAccess access,
            ChannelDirectory channels,
            MessageService messages,
            MessageStore store,
            MessageViews views,
            Outbox outbox,
            RecentMessages recent,
            JsonMapper mapper,
            SnowflakeGenerator ids) {
        this.access = access;
        this.channels = channels;
        this.messages = messages;
        this.store = store;
        this.views = views;
        this.outbox = outbox;
        this.recent = recent;
        this.mapper = mapper;
        this.ids = ids;
    }

    /** The member in the channel a thread starts in (404 10003, 403 50001 as for its messages). */
    Mono<InChannel> parent(Snowflake channelId, Principal me) {
        return access.load(channelId, me.userId());
    }

    /** A thread without a message, in a text or announcement channel: the thread. */
    Mono<JsonNode> start(InChannel parent, Principal me, ThreadStartRequest request) {
        if (FORUMS.contains(parent.place().type())) {
            return Mono.error(() -> new Violations().required("message", null).toException());
        }
        return access.startThread(parent.place().id(), fields(me, request.threadFields()))
                .flatMap(thread -> announce(parent, thread).thenReturn(thread));
    }

    /**
     * A public or announcement thread started without a message shows in its channel as the platform's
     * THREAD_CREATED system message, by its starter, naming and linking it; a private thread does not.
     */
    private Mono<Void> announce(InChannel parent, JsonNode thread) {
        Snowflake guildId = parent.guildId();
        if (thread.path("type").asInt() == PRIVATE_THREAD || guildId == null) {
            return Mono.empty();
        }
        ObjectNode reference = mapper.createObjectNode()
                .put("type", 0)
                .put("channel_id", thread.path("id").asString())
                .put("guild_id", guildId.asString());
        MessageRow created = MessageRow.threadCreated(
                ids.next(),
                parent.place().id(),
                guildId,
                parent.userId(),
                thread.path("name").asString(),
                reference);
        return messages.postSystemMessage(parent, created).then();
    }

    /**
     * A post in a forum or media channel: its first message is checked as a message in the forum, the
     * thread is started with the message's id (guild-service's rules), and the message goes into it. The
     * thread, with the message as {@code message}.
     */
    Mono<JsonNode> post(
            Snowflake postId, InChannel forum, Principal me, ThreadStartRequest request, List<Upload> uploads) {
        MessageCreateRequest message = request.message();
        if (message == null) {
            return Mono.error(() -> new Violations().required("message", null).toException());
        }
        Map<String, Object> fields = fields(me, request.threadFields());
        fields.put("id", postId.asString());
        Mono<JsonNode> thread = access.startThread(forum.place().id(), fields).cache();
        return messages.sendPostStarter(postId, forum, me, message, uploads, thread.then(channels.place(postId)))
                .flatMap(sent -> thread.map(started -> {
                    ObjectNode answer = ((ObjectNode) started).deepCopy();
                    answer.set("message", mapper.valueToTree(sent));
                    return (JsonNode) answer;
                }));
    }

    /**
     * A public thread from a message of the channel (10008 for none; READ_MESSAGE_HISTORY): the thread has
     * the message's id, and the message gets HAS_THREAD (MESSAGE_UPDATE).
     */
    Mono<JsonNode> fromMessage(InChannel in, Principal me, Snowflake messageId, MessageThreadRequest request) {
        in.require(Permission.READ_MESSAGE_HISTORY);
        Map<String, Object> fields = fields(me, request.threadFields());
        fields.put("message_id", messageId.asString());
        return store.find(in.place().id(), messageId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                .then(access.startThread(in.place().id(), fields))
                .flatMap(thread -> store.addFlag(in.place().id(), messageId, MessageRow.HAS_THREAD)
                        .flatMap(marked -> views.one(marked, false))
                        .flatMap(message -> access.eventMembers(in, message.mentions())
                                .flatMap(members -> outbox.append(MessageEvents.updated(in.place(), message, members))))
                        .doOnSuccess(done -> recent.forget(in.place().id()))
                        .thenReturn(thread));
    }

    private static Map<String, Object> fields(Principal me, Map<String, Object> threadFields) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("user_id", me.userId().asString());
        fields.putAll(threadFields);
        return fields;
    }
}
