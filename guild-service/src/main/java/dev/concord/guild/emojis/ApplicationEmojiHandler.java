package dev.concord.guild.emojis;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for application emoji: the application's bot and its owner. */
@Component
final class ApplicationEmojiHandler {

    private final ApplicationEmojiService service;
    private final EmojiImages images;

    ApplicationEmojiHandler(ApplicationEmojiService service, EmojiImages images) {
        this.service = service;
        this.images = images;
    }

    /** {@code {"items": [...]}}, as the platform wraps this list. */
    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        return service.list(applicationId, me)
                .flatMap(emojis -> ServerResponse.ok().bodyValue(Map.of("items", emojis)));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        Snowflake emojiId = PathIds.snowflake(request, "emoji_id");
        return service.get(applicationId, emojiId, me)
                .flatMap(emoji -> ServerResponse.ok().bodyValue(emoji));
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        return JsonBodies.checked(request, ApplicationEmojiCreateRequest.class)
                .flatMap(body -> images.read("image", body.image().get())
                        .flatMap(picture -> service.create(applicationId, me, body, picture)))
                .flatMap(emoji -> ServerResponse.status(HttpStatus.CREATED).bodyValue(emoji));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        Snowflake emojiId = PathIds.snowflake(request, "emoji_id");
        return JsonBodies.checked(request, ApplicationEmojiModifyRequest.class)
                .flatMap(body -> service.modify(applicationId, emojiId, me, body))
                .flatMap(emoji -> ServerResponse.ok().bodyValue(emoji));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        Snowflake emojiId = PathIds.snowflake(request, "emoji_id");
        return service.delete(applicationId, emojiId, me)
                .then(ServerResponse.noContent().build());
    }
}
