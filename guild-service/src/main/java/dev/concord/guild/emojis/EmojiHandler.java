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

/** HTTP for guild emoji; people and bots act themselves. */
@Component
final class EmojiHandler {

    private final EmojiService service;
    private final EmojiImages images;

    EmojiHandler(EmojiService service, EmojiImages images) {
        this.service = service;
        this.images = images;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.list(guildId, me.userId())
                .flatMap(emojis -> ServerResponse.ok().bodyValue(emojis));
    }

    Mono<ServerResponse> top(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.top(guildId, me.userId())
                .flatMap(ranked -> ServerResponse.ok().bodyValue(Map.of("items", ranked)));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake emojiId = PathIds.snowflake(request, "emoji_id");
        return service.get(guildId, emojiId, me.userId())
                .flatMap(emoji -> ServerResponse.ok().bodyValue(emoji));
    }

    /** 201, as the platform answers; the body and the image are checked (400) before the guild is looked at. */
    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, EmojiCreateRequest.class)
                .flatMap(body -> images.read("image", body.image().get())
                        .flatMap(picture -> service.create(guildId, me.userId(), body, picture)))
                .flatMap(emoji -> ServerResponse.status(HttpStatus.CREATED).bodyValue(emoji));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake emojiId = PathIds.snowflake(request, "emoji_id");
        return JsonBodies.checked(request, EmojiModifyRequest.class)
                .flatMap(body -> service.modify(guildId, emojiId, me.userId(), body))
                .flatMap(emoji -> ServerResponse.ok().bodyValue(emoji));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake emojiId = PathIds.snowflake(request, "emoji_id");
        return service.delete(guildId, emojiId, me.userId())
                .then(ServerResponse.noContent().build());
    }
}
