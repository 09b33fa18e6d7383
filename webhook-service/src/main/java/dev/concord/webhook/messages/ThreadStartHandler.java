package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.webhook.attachments.Attachments;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** HTTP for starting threads: {@code POST /channels/{id}/threads} and {@code .../messages/{id}/threads}. */
@Component
final class ThreadStartHandler {

    private final ThreadStarts starts;
    private final Attachments attachments;
    private final SnowflakeGenerator ids;

    ThreadStartHandler(ThreadStarts starts, Attachments attachments, SnowflakeGenerator ids) {
        this.starts = starts;
        this.attachments = attachments;
        this.ids = ids;
    }

    /** 201 with the thread; in a forum or media channel a post (JSON, or multipart with files) with its message. */
    Mono<ServerResponse> start(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return starts.parent(channelId, me)
                .flatMap(parent -> ThreadStarts.FORUMS.contains(parent.place().type())
                        ? post(request, parent, me)
                        : JsonBodies.checked(request, ThreadStartRequest.class)
                                .flatMap(body -> starts.start(parent, me, body)))
                .flatMap(thread -> ServerResponse.status(HttpStatus.CREATED).bodyValue(thread));
    }

    /** 201 with the thread started from the message. */
    Mono<ServerResponse> fromMessage(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake messageId = PathIds.snowflake(request, "message_id");
        return starts.parent(channelId, me)
                .flatMap(in -> JsonBodies.checked(request, MessageThreadRequest.class)
                        .flatMap(body -> starts.fromMessage(in, me, messageId, body)))
                .flatMap(thread -> ServerResponse.status(HttpStatus.CREATED).bodyValue(thread));
    }

    /** A post's files are stored where its thread will be, and let go again if the post is refused. */
    private Mono<JsonNode> post(ServerRequest request, InChannel forum, Principal me) {
        Snowflake postId = ids.next();
        if (!MultipartMessage.isMultipart(request)) {
            return JsonBodies.checked(request, ThreadStartRequest.class)
                    .flatMap(body -> starts.post(postId, forum, me, body, List.of()));
        }
        forum.require(Permission.SEND_MESSAGES, Permission.ATTACH_FILES);
        return MultipartMessage.read(
                        request, postId, attachments, ids, ThreadStartRequest.class, () -> ThreadStartRequest.EMPTY)
                .flatMap(parsed -> starts.post(postId, forum, me, parsed.body(), parsed.uploads())
                        .onErrorResume(error -> MultipartMessage.discard(postId, parsed.uploads(), attachments)
                                .then(Mono.error(error))));
    }
}
