package dev.concord.guild.emojis;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import java.time.Duration;
import java.util.Set;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /emojis/{emoji.id}.{png|jpg|jpeg|webp|gif}}: an emoji's image at the platform's CDN address,
 * to anyone (a public path), whatever extension is asked, in the format it is kept in (its content type
 * says which); {@code size} and {@code quality} are accepted and not applied. An emoji's image never changes,
 * so it may be cached for long.
 */
@Component
final class EmojiImageRoute {

    static final Duration CACHE = Duration.ofDays(30);
    private static final Set<String> EXTENSIONS = Set.of("png", "jpg", "jpeg", "webp", "gif", "avif");

    private final EmojiStore store;
    private final EmojiFiles files;

    EmojiImageRoute(EmojiStore store, EmojiFiles files) {
        this.store = store;
        this.files = files;
    }

    Mono<ServerResponse> serve(ServerRequest request) {
        String file = request.pathVariable("file");
        int dot = file.lastIndexOf('.');
        Snowflake emojiId = dot > 0 && EXTENSIONS.contains(file.substring(dot + 1))
                ? Snowflake.parseOrNull(file.substring(0, dot))
                : null;
        if (emojiId == null) {
            return Mono.error(ApiErrors.notFound());
        }
        // An emoji whose image is missing (a store that lost it) is not found either, rather than an empty 200.
        return store.find(emojiId)
                .filterWhen(emoji -> files.exists(emojiId))
                .switchIfEmpty(Mono.error(ApiErrors::notFound))
                .flatMap(emoji -> ServerResponse.ok()
                        .contentType(MediaType.parseMediaType(emoji.format().contentType()))
                        .cacheControl(CacheControl.maxAge(CACHE).cachePublic())
                        .header("X-Content-Type-Options", "nosniff")
                        .body(BodyInserters.fromDataBuffers(files.read(emojiId))));
    }
}
