package dev.concord.webhook.webhooks;

import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.image.DataUriImage;
import dev.concord.platform.web.image.Image;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Webhook avatars' bytes in the blob store, under a key of the webhook and the hash its object carries. A
 * new avatar is written before the row names it; the old one goes once the change has committed.
 */
@Component
final class WebhookAvatars {

    private final BlobStore store;

    WebhookAvatars(BlobStore store) {
        this.store = store;
    }

    /** Stores the avatar of a checked data URI; answers its hash. */
    Mono<String> store(Snowflake webhookId, String dataUri) {
        return Mono.fromCallable(() -> DataUriImage.decode(dataUri)).flatMap(image -> write(webhookId, image));
    }

    /** Removes a replaced or deleted avatar's bytes; nothing for none. */
    Mono<Void> remove(Snowflake webhookId, @Nullable String hash) {
        return hash == null ? Mono.empty() : store.delete(key(webhookId, hash));
    }

    static String key(Snowflake webhookId, String hash) {
        return "avatar-" + webhookId.asString() + "-" + hash;
    }

    private Mono<String> write(Snowflake webhookId, Image image) {
        String hash = image.hash();
        return store.write(
                        key(webhookId, hash),
                        Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(image.bytes())),
                        DataUriImage.MAX_BYTES)
                .thenReturn(hash);
    }
}
