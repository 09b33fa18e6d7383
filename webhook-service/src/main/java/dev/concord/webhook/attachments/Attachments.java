package dev.concord.webhook.attachments;

import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.ids.Snowflake;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Where attachments go and how they are named: one blob per attachment, keyed by its channel and id, and
 * the URL clients fetch it from, {@code <base>/attachments/{channel.id}/{attachment.id}/{filename}} as on
 * the platform's CDN.
 */
@Component
public final class Attachments {

    /** The platform's limits for an account without a subscription: 10 files of up to 10 MiB each. */
    public static final int MAX_FILES = 10;

    /** The platform's ceiling on a whole message request, files and all. */
    public static final long MAX_REQUEST_BYTES = 100L * 1024 * 1024;

    private final BlobStore store;
    private final String baseUrl;
    private final long maxFileBytes;
    private final long maxRequestBytes;

    Attachments(
            BlobStore store,
            @Value("${concord.attachments.base-url:http://localhost:8080}") String baseUrl,
            @Value("${concord.attachments.max-file-bytes:10485760}") long maxFileBytes,
            @Value("${concord.attachments.max-request-bytes:" + MAX_REQUEST_BYTES + "}") long maxRequestBytes) {
        this.store = store;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.maxFileBytes = maxFileBytes;
        this.maxRequestBytes = maxRequestBytes;
    }

    public BlobStore store() {
        return store;
    }

    public long maxFileBytes() {
        return maxFileBytes;
    }

    /** The most a multipart message request may carry in all its parts together. */
    public long maxRequestBytes() {
        return maxRequestBytes;
    }

    /** Removes the files of a deleted message's attachment objects (each names its blob by id). */
    public Mono<Void> deleteFiles(Snowflake channelId, JsonNode attachmentObjects) {
        return Flux.fromIterable(attachmentObjects.valueStream().toList())
                .map(attachment -> Snowflake.parse(attachment.path("id").asString()))
                .concatMap(id -> store.delete(key(channelId, id)))
                .then();
    }

    public static String key(Snowflake channelId, Snowflake attachmentId) {
        return channelId.asString() + "-" + attachmentId.asString();
    }

    /** The URL of an attachment, as clients get it in {@code url} and {@code proxy_url}. */
    public String url(Snowflake channelId, Snowflake attachmentId, String filename) {
        return baseUrl + "/attachments/" + channelId.asString() + "/" + attachmentId.asString() + "/" + filename;
    }

    /**
     * A file name as the platform keeps it: letters, digits, dots, dashes and underscores; anything else
     * becomes an underscore, and a name of nothing is "unknown".
     */
    public static String safeFilename(String name) {
        String base = name.replace('\\', '/');
        base = base.substring(base.lastIndexOf('/') + 1);
        String safe = base.replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.length() > 255) {
            safe = safe.substring(safe.length() - 255);
        }
        return safe.isEmpty() || safe.chars().allMatch(c -> c == '.') ? "unknown" : safe;
    }
}
