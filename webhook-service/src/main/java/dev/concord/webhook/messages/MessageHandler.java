package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.webhook.attachments.Attachments;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for a channel's messages; the rules are in {@link MessageService}. People and bots alike. */
@Component
final class MessageHandler {

    private final MessageService service;
    private final Attachments attachments;
    private final SnowflakeGenerator ids;

    MessageHandler(MessageService service, Attachments attachments, SnowflakeGenerator ids) {
        this.service = service;
        this.attachments = attachments;
        this.ids = ids;
    }

    /** JSON, or multipart with files (checked for ATTACH_FILES before a byte of them is stored). */
    Mono<ServerResponse> send(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Mono<MessageData> sent = MultipartMessage.isMultipart(request)
                ? service.requireMayUpload(channelId, me.userId())
                        .then(MultipartMessage.read(request, channelId, attachments, ids))
                        .flatMap(parsed -> service.send(channelId, me, parsed.body(), parsed.uploads())
                                .onErrorResume(
                                        error -> MultipartMessage.discard(channelId, parsed.uploads(), attachments)
                                                .then(Mono.error(error))))
                : JsonBodies.checked(request, MessageCreateRequest.class)
                        .flatMap(body -> service.send(channelId, me, body, List.of()));
        return sent.flatMap(message -> ServerResponse.ok().bodyValue(message));
    }

    Mono<ServerResponse> history(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        HistoryQuery query = HistoryQuery.of(request);
        return service.history(channelId, me.userId(), query)
                .flatMap(messages -> ServerResponse.ok().bodyValue(messages));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return service.get(
                        PathIds.snowflake(request, "channel_id"), PathIds.snowflake(request, "message_id"), me.userId())
                .flatMap(message -> ServerResponse.ok().bodyValue(message));
    }

    /** JSON, or multipart whose files are added to the message's (ATTACH_FILES). */
    Mono<ServerResponse> edit(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake messageId = PathIds.snowflake(request, "message_id");
        return EditRequests.read(request, channelId, attachments, ids, (body, uploads) -> {
                    Components.requireApplication(me.isBot(), Possible.valueOrNull(body.components()));
                    return service.edit(channelId, messageId, me.userId(), body, uploads);
                })
                .flatMap(message -> ServerResponse.ok().bodyValue(message));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return service.delete(
                        PathIds.snowflake(request, "channel_id"), PathIds.snowflake(request, "message_id"), me.userId())
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> bulkDelete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.checked(request, BulkDeleteRequest.class)
                .flatMap(body -> service.bulkDelete(channelId, me.userId(), body))
                .then(ServerResponse.noContent().build());
    }
}
