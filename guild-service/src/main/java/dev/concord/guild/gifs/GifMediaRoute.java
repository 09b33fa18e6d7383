package dev.concord.guild.gifs;

import dev.concord.platform.web.ApiErrors;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /gifs/media/{gif}/{file}}: the offline catalogue's media, public as the provider's CDN is, at
 * the addresses {@link CatalogueGifProvider} hands out ({@code concord.gifs.media-base-url}). The files
 * (about 1.5 MB in all) are read into memory at startup, so serving one never touches the disk on an event
 * loop; a file name the catalogue does not list is the platform's 404, so no path reaches anything else.
 * Ranges are honoured (players seek in MP4s). The media changes only with a release, so it is cached long.
 */
@Component
final class GifMediaRoute {

    static final String PATH = "/gifs/media/{gif}/{media_file}";
    static final Duration CACHE = Duration.ofDays(7);

    private record File(byte[] bytes, MediaType type) {}

    /** By {@code <item id>/<file name>}. */
    private final Map<String, File> files = new HashMap<>();

    GifMediaRoute(GifCatalogue catalogue) {
        for (GifCatalogue.Item item : catalogue.items()) {
            for (GifCatalogue.Rendition rendition : catalogue.renditions().values()) {
                String name = item.id() + "/" + rendition.file();
                files.put(name, new File(read("gifs/media/" + name), type(rendition.file())));
            }
        }
    }

    Mono<ServerResponse> serve(ServerRequest request) {
        File file = files.get(request.pathVariable("gif") + "/" + request.pathVariable("media_file"));
        if (file == null) {
            return Mono.error(ApiErrors.notFound());
        }
        return ServerResponse.ok()
                .contentType(file.type())
                .cacheControl(CacheControl.maxAge(CACHE).cachePublic())
                .header("X-Content-Type-Options", "nosniff")
                .body(BodyInserters.fromResource(new ByteArrayResource(file.bytes())));
    }

    private static MediaType type(String file) {
        String extension = file.substring(file.lastIndexOf('.') + 1);
        if ("png".equals(extension)) {
            return MediaType.IMAGE_PNG;
        }
        for (GifMediaFormat.Container container : GifMediaFormat.Container.values()) {
            if (container.extension.equals(extension)) {
                return MediaType.parseMediaType(container.contentType);
            }
        }
        throw new IllegalStateException(GifCatalogue.RESOURCE + ": no content type for " + file);
    }

    /** A missing file stops the service: the catalogue would hand out addresses that answer 404. */
    private static byte[] read(String path) {
        try (InputStream in = new ClassPathResource(path).getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    path + " is missing: run scripts/generate-gif-catalogue after changing the catalogue", e);
        }
    }
}
