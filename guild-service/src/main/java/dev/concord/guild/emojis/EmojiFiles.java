package dev.concord.guild.emojis;

import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.ids.Snowflake;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Emoji images in the blob store, each under its emoji's id, which never changes (a new image is a new
 * emoji). An image is written before its row and removed after it: a failure between leaves an image
 * nobody reaches, never a row without its image.
 */
@Component
final class EmojiFiles {

    private static final Logger log = LoggerFactory.getLogger(EmojiFiles.class);

    private final BlobStore blobs;

    EmojiFiles(BlobStore blobs) {
        this.blobs = blobs;
    }

    Mono<Void> write(Snowflake emojiId, EmojiPicture picture) {
        return blobs.write(
                        key(emojiId),
                        Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(picture.bytes())),
                        EmojiImages.MAX_BYTES)
                .then();
    }

    Mono<Boolean> exists(Snowflake emojiId) {
        return blobs.exists(key(emojiId));
    }

    /** The image's bytes; empty when there is none. */
    Flux<DataBuffer> read(Snowflake emojiId) {
        return blobs.read(key(emojiId));
    }

    /** Removes the image of an emoji already gone; a failure is logged, the image left unreachable. */
    Mono<Void> remove(Snowflake emojiId) {
        return blobs.delete(key(emojiId)).onErrorResume(failure -> {
            log.warn("image of deleted emoji {} not removed: {}", emojiId, failure.toString());
            return Mono.empty();
        });
    }

    private static String key(Snowflake emojiId) {
        return "emoji-" + emojiId.asString();
    }
}
