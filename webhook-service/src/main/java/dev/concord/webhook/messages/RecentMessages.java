package dev.concord.webhook.messages;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.concord.platform.events.EventSubscriber.EventSummary;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The newest messages of the channels read lately, in memory: opening a channel is the read clients make
 * most, and its newest page then costs no query. Rows are kept, not rendered messages, so that a rename
 * of an author shows at once. A channel is forgotten on every change to its messages: here when this
 * instance makes it, and on every instance when its event arrives ({@link #onEvent}).
 *
 * <p>A read that missed stores what it loaded only if nothing forgot the channel meanwhile: it leaves a
 * marker before it queries and replaces that very marker after, which a change in between has removed.
 * So a page loaded before a change committed is answered once but never kept.
 */
@Component
final class RecentMessages {

    private sealed interface Entry permits Loading, Loaded {}

    /** A load under way; each one's own, compared by identity. */
    private static final class Loading implements Entry {}

    private record Loaded(List<MessageRow> rows) implements Entry {}

    private final Cache<Snowflake, Entry> channels;

    RecentMessages(@Value("${concord.messages.recent-rows:20000}") long rows) {
        this.channels = Caffeine.newBuilder()
                .maximumWeight(rows)
                .weigher((Snowflake channel, Entry entry) ->
                        entry instanceof Loaded loaded ? loaded.rows().size() + 1 : 1)
                // A bound for anything missed; the changes' events keep pages current long before it.
                .expireAfterWrite(Duration.ofMinutes(10))
                .build();
    }

    /**
     * The channel's newest {@code limit} messages, newest first, from memory or else from {@code load},
     * which reads the newest {@link HistoryQuery#MAX_LIMIT}.
     */
    Mono<List<MessageRow>> newest(Snowflake channelId, int limit, Supplier<Flux<MessageRow>> load) {
        if (channels.getIfPresent(channelId) instanceof Loaded loaded) {
            return Mono.just(head(loaded.rows(), limit));
        }
        Loading marker = new Loading();
        boolean keep = channels.asMap().putIfAbsent(channelId, marker) == null;
        return load.get()
                .collectList()
                .doOnNext(rows -> {
                    if (keep) {
                        channels.asMap().replace(channelId, marker, new Loaded(List.copyOf(rows)));
                    }
                })
                // A load that failed or was cancelled leaves no marker behind.
                .doFinally(signal -> channels.asMap().remove(channelId, marker))
                .map(rows -> head(rows, limit));
    }

    /**
     * Forgets the channel of a MESSAGE_* event of {@code webhook.events}, whichever instance made the
     * change; other events change nothing.
     */
    Mono<Void> onEvent(EventSummary event) {
        // Every event of a channel's messages is keyed by the channel (MessageEvents).
        Snowflake channelId = Snowflake.parseOrNull(event.key());
        if (event.type().startsWith("MESSAGE_") && channelId != null) {
            forget(channelId);
        }
        return Mono.empty();
    }

    /** The channel's messages changed: its next read loads them. */
    void forget(Snowflake channelId) {
        channels.invalidate(channelId);
    }

    private static List<MessageRow> head(List<MessageRow> rows, int limit) {
        return rows.size() <= limit ? rows : rows.subList(0, limit);
    }
}
