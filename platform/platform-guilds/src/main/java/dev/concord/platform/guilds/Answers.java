package dev.concord.platform.guilds;

import com.github.benmanes.caffeine.cache.Cache;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Answers kept for a while, and answers on their way, which anyone asking the same meanwhile waits for
 * instead of asking again. Only answers are kept: a failure is handed to those waiting and forgotten.
 * (Caffeine's AsyncCache could hold the futures itself, but it logs a warning for every failed one, and
 * a batch that fails fails for up to a thousand keys.)
 */
final class Answers<K, V> {

    private final Cache<K, V> kept;
    private final ConcurrentMap<K, CompletableFuture<V>> coming = new ConcurrentHashMap<>();

    Answers(Cache<K, V> kept) {
        this.kept = kept;
    }

    Cache<K, V> kept() {
        return kept;
    }

    /**
     * The answer kept or on its way; else {@code fresh}, now on its way, which the caller must settle with
     * {@link #complete} or {@link #fail}.
     */
    CompletableFuture<V> claim(K key, CompletableFuture<V> fresh) {
        V value = kept.getIfPresent(key); // counts the hit or miss
        if (value != null) {
            return CompletableFuture.completedFuture(value);
        }
        CompletableFuture<V> coming = this.coming.putIfAbsent(key, fresh);
        return coming != null ? coming : fresh;
    }

    /** Kept before it stops being on its way, so no one asks again in between. */
    void complete(K key, CompletableFuture<V> future, V value) {
        kept.put(key, value);
        coming.remove(key, future);
        future.complete(value);
    }

    void fail(K key, CompletableFuture<V> future, Throwable error) {
        coming.remove(key, future);
        future.completeExceptionally(error);
    }
}
