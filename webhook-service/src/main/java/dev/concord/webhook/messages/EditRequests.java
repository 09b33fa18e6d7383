package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.JsonBodies;
import dev.concord.webhook.attachments.Attachments;
import java.util.List;
import java.util.function.BiFunction;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;

/**
 * An edit's body as a member's or a webhook's client sends it: JSON, or multipart whose files are stored
 * as they arrive and removed again when the edit is refused.
 */
final class EditRequests {

    private EditRequests() {}

    static Mono<MessageData> read(
            ServerRequest request,
            Snowflake channelId,
            Attachments attachments,
            SnowflakeGenerator ids,
            BiFunction<MessageEditRequest, List<Upload>, Mono<MessageData>> edit) {
        if (!MultipartMessage.isMultipart(request)) {
            return JsonBodies.checked(request, MessageEditRequest.class).flatMap(body -> edit.apply(body, List.of()));
        }
        return MultipartMessage.read(
                        request,
                        channelId,
                        attachments,
                        ids,
                        MessageEditRequest.class,
                        () -> MessageEditRequest.NOTHING)
                .flatMap(parsed -> Mono.defer(() -> edit.apply(parsed.body(), parsed.uploads()))
                        .onErrorResume(error -> MultipartMessage.discard(channelId, parsed.uploads(), attachments)
                                .then(Mono.error(error))));
    }
}
