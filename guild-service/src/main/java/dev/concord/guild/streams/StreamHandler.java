package dev.concord.guild.streams;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import java.time.Duration;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for stream previews: the streamer's upload, a reader's address, and the CDN's image (a public path). */
@Component
final class StreamHandler {

    /** A preview's address is never reused, so its image may be cached as long as the preview lasts. */
    private static final Duration CACHE = Duration.ofHours(1);

    private final StreamPreviews previews;
    private final StreamNotifications notifications;

    StreamHandler(StreamPreviews previews, StreamNotifications notifications) {
        this.previews = previews;
        this.notifications = notifications;
    }

    Mono<ServerResponse> upload(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        StreamKey key = StreamKey.parse(request.pathVariable("stream_key"));
        return JsonBodies.checked(request, StreamPreviewRequest.class)
                .flatMap(body -> previews.upload(key, me.userId(), body))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> address(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        StreamKey key = StreamKey.parse(request.pathVariable("stream_key"));
        return previews.address(key, me.userId())
                .flatMap(url -> ServerResponse.ok().bodyValue(url));
    }

    /** 204 whether or not anyone was notified: whom the stream reached is not the streamer's to learn. */
    Mono<ServerResponse> notifyFriends(ServerRequest request) {
        Principal me = Principals.user(request);
        StreamKey key = StreamKey.parse(request.pathVariable("stream_key"));
        return notifications
                .notify(key, me.userId())
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> image(ServerRequest request) {
        StreamKey key = StreamKey.parse(request.pathVariable("stream_key"));
        String name = request.pathVariable("file");
        MediaType type = MediaTypeFactory.getMediaType(name).orElse(MediaType.APPLICATION_OCTET_STREAM);
        return previews.image(key, name).flatMap(content -> ServerResponse.ok()
                .contentType(type)
                .cacheControl(CacheControl.maxAge(CACHE).cachePrivate())
                .header("X-Content-Type-Options", "nosniff")
                .body(BodyInserters.fromDataBuffers(content)));
    }
}
