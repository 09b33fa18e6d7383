package dev.concord.guild.threads;

import dev.concord.guild.channels.ThreadChannels;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for threads: {@code /channels/{thread.id}} through {@link ThreadChannels}, and the internal routes. */
@Component
final class ThreadHandler implements ThreadChannels {

    private final ThreadService service;
    private final ThreadCreation creation;
    private final ThreadStore store;

    ThreadHandler(ThreadService service, ThreadCreation creation, ThreadStore store) {
        this.service = service;
        this.creation = creation;
        this.store = store;
    }

    @Override
    public Mono<Object> get(Snowflake threadId, Snowflake userId) {
        return service.get(threadId, userId).cast(Object.class);
    }

    @Override
    public Mono<Object> modify(Snowflake threadId, Snowflake userId, ServerRequest request) {
        return store.find(threadId, false)
                .flatMap(thread -> JsonBodies.checked(request, ThreadModifyRequest.class))
                .flatMap(body -> service.modify(threadId, userId, body))
                .cast(Object.class);
    }

    @Override
    public Mono<Object> delete(Snowflake threadId, Snowflake userId) {
        return service.delete(threadId, userId).cast(Object.class);
    }

    @Override
    public Mono<Object> find(Snowflake threadId) {
        return store.find(threadId, false).cast(Object.class);
    }

    /** {@code POST /internal/channels/{channel.id}/threads}: 201 with the thread. */
    Mono<ServerResponse> create(ServerRequest request) {
        Snowflake parentId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.checked(request, ThreadCreateRequest.class)
                .flatMap(body -> creation.create(parentId, body))
                .flatMap(thread -> ServerResponse.status(HttpStatus.CREATED).bodyValue(thread));
    }

    /** {@code POST /internal/threads/{thread.id}/messages}: 200 with the thread as it now is. */
    Mono<ServerResponse> recordMessage(ServerRequest request) {
        Snowflake threadId = PathIds.snowflake(request, "thread_id");
        return JsonBodies.checked(request, ThreadMessage.class)
                .flatMap(body -> service.recordMessage(threadId, body))
                .flatMap(thread -> ServerResponse.ok().bodyValue(thread));
    }

    /** {@code POST /internal/threads/{thread.id}/messages/deleted}: 204; 404 10003 for no such thread. */
    Mono<ServerResponse> messagesDeleted(ServerRequest request) {
        Snowflake threadId = PathIds.snowflake(request, "thread_id");
        return JsonBodies.checked(request, ThreadMessagesDeleted.class)
                .flatMap(body -> service.messagesDeleted(threadId, body.ids()))
                .then(ServerResponse.noContent().build());
    }
}
