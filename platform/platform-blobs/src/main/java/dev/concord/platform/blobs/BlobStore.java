package dev.concord.platform.blobs;

import org.springframework.core.io.buffer.DataBuffer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Where attachment bytes live, by key. Content streams in and out: nothing holds a whole file in memory.
 * The default keeps files in a directory ({@link FileBlobStore}); an object store can take its place.
 */
public interface BlobStore {

    /**
     * Writes {@code content} under {@code key}, answering how many bytes it had; past {@code maxBytes} the
     * write stops, what was written goes, and the answer is {@link TooLarge}. A write that fails or is
     * cancelled leaves nothing under {@code key}.
     */
    Mono<Long> write(String key, Flux<DataBuffer> content, long maxBytes);

    /** The bytes under {@code key}; empty when there are none. */
    Flux<DataBuffer> read(String key);

    /** Whether there are bytes under {@code key}. */
    Mono<Boolean> exists(String key);

    /** Removes what is under {@code key}, if anything. */
    Mono<Void> delete(String key);

    /** A write went past its limit. */
    final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public TooLarge(long maxBytes) {
            super("more than " + maxBytes + " bytes", null, false, false);
        }
    }
}
