package dev.concord.guild.streams;

import dev.concord.guild.ImageData;
import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.ids.SeededRandom;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A stream's preview. Its streamer (the key's user, connected to the key's channel) uploads a thumbnail;
 * those who may CONNECT to the channel read its address. Each upload gets a fresh random name, so the
 * CDN's address is unguessable and a reader's cached copy never outlives a newer one; the previous image
 * goes. A preview lasts as long as a stream might ({@code concord.streams.preview-ttl}, an hour): the
 * name is kept in Redis with that expiry.
 */
@Service
final class StreamPreviews {

    private static final SecureRandom RANDOM = SeededRandom.create();

    private final LiveStreams streams;
    private final BlobStore blobs;
    private final RedisReactiveCommands<String, String> redis;
    private final String baseUrl;
    private final Duration ttl;

    StreamPreviews(
            LiveStreams streams,
            BlobStore blobs,
            RedisReactiveCommands<String, String> redis,
            @Value("${concord.streams.preview-base-url:${CONCORD_CDN_URL:http://localhost:8080}}") String baseUrl,
            @Value("${concord.streams.preview-ttl:PT1H}") Duration ttl) {
        this.streams = streams;
        this.blobs = blobs;
        this.redis = redis;
        this.baseUrl = baseUrl;
        this.ttl = ttl;
    }

    Mono<Void> upload(StreamKey key, Snowflake userId, StreamPreviewRequest request) {
        if (!key.userId().equals(userId)) {
            throw ApiErrors.missingPermissions();
        }
        ImageData.Image image = ImageData.read(request.thumbnail().get());
        String name = HexFormat.of().formatHex(randomBytes()) + extension(image.mediaType());
        return streams.ownChannel(key, userId)
                .then(blobs.write(blobKey(key, name), Flux.just(buffer(image.bytes())), image.bytes().length))
                .then(redis.getset(redisKey(key), name))
                .flatMap(previous -> blobs.delete(blobKey(key, previous)))
                .then(redis.expire(redisKey(key), ttl))
                .then();
    }

    /** {@code {"url"}}: where the CDN serves the stream's latest preview; 404 when it has none. */
    Mono<Map<String, String>> address(StreamKey key, Snowflake userId) {
        return streams.channel(key, userId)
                .map(channel -> channel.require(Permission.CONNECT))
                .then(redis.get(redisKey(key)))
                .switchIfEmpty(Mono.error(ApiErrors::notFound))
                .map(name -> Map.of("url", baseUrl + "/streams/" + key.asString() + "/previews/" + name));
    }

    /** The image at a CDN address (its name from {@link #address}); 404 when it is gone or never was. */
    Mono<Flux<DataBuffer>> image(StreamKey key, String name) {
        if (!isName(name)) {
            return Mono.error(ApiErrors.notFound());
        }
        String blob = blobKey(key, name);
        return blobs.exists(blob)
                .filter(Boolean::booleanValue)
                .switchIfEmpty(Mono.error(ApiErrors::notFound))
                .map(found -> blobs.read(blob));
    }

    private static boolean isName(String name) {
        return name.matches("[0-9a-f]{32}\\.(png|jpg|gif|webp)");
    }

    private static String extension(String mediaType) {
        return switch (mediaType) {
            case "image/jpeg" -> ".jpg";
            case "image/gif" -> ".gif";
            case "image/webp" -> ".webp";
            default -> ".png";
        };
    }

    private static String blobKey(StreamKey key, String name) {
        return "stream-preview-" + key.guildId().asString() + "-"
                + key.channelId().asString() + "-" + key.userId().asString() + "-" + name;
    }

    private static String redisKey(StreamKey key) {
        return "stream:preview:" + key.asString();
    }

    private static DataBuffer buffer(byte[] bytes) {
        return DefaultDataBufferFactory.sharedInstance.wrap(bytes);
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
