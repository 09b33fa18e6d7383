package dev.concord.webhook.attachments;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.PathIds;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /attachments/{channel.id}/{attachment.id}/{filename}}: an attachment's bytes, as the
 * platform's CDN serves them to anyone holding the URL (a public path). The type is the file name's; the
 * bytes never change, so they may be cached for long. Uploaded HTML, SVG and the like download rather
 * than render, under a sandboxing policy, so no upload runs script as this origin.
 */
@Configuration(proxyBeanMethods = false)
class AttachmentRoutes {

    static final Duration CACHE = Duration.ofDays(30);

    @Bean
    RouterFunction<ServerResponse> attachmentRouter(Attachments attachments) {
        return RouterFunctions.route()
                .GET("/attachments/{channel_id}/{attachment_id}/{filename}", request -> {
                    Snowflake channelId = PathIds.snowflake(request, "channel_id");
                    Snowflake attachmentId = PathIds.snowflake(request, "attachment_id");
                    String key = Attachments.key(channelId, attachmentId);
                    MediaType type = MediaTypeFactory.getMediaType(request.pathVariable("filename"))
                            .orElse(MediaType.APPLICATION_OCTET_STREAM);
                    return attachments
                            .store()
                            .exists(key)
                            .flatMap(exists -> exists
                                    ? ServerResponse.ok()
                                            .contentType(type)
                                            .cacheControl(
                                                    CacheControl.maxAge(CACHE).cachePublic())
                                            .header("X-Content-Type-Options", "nosniff")
                                            // Uploads are anyone's: nothing served here may run as this origin.
                                            .header("Content-Security-Policy", "sandbox; default-src 'none'")
                                            .header("Content-Disposition", isMedia(type) ? "inline" : "attachment")
                                            .body(BodyInserters.fromDataBuffers(
                                                    attachments.store().read(key)))
                                    : Mono.error(ApiErrors.notFound()));
                })
                .build();
    }

    /** Pictures, sound, video and plain text show inline; anything else downloads. */
    static boolean isMedia(MediaType type) {
        return switch (type.getType()) {
            case "image", "audio", "video" -> !type.getSubtype().contains("svg");
            case "text" -> type.getSubtype().equals("plain");
            default -> false;
        };
    }
}
