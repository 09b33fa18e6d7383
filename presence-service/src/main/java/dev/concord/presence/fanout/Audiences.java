package dev.concord.presence.fanout;

import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_REMOVE;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_UPDATE;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;

import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Each user's presence audience, fetched once from social-service and kept: a presence change fans out
 * without a call. An entry is dropped when social.events says the user's relationships or settings
 * changed (every relationship event is keyed by the user whose side changed, so both sides hear of a new
 * friendship), and in any case after {@link #TTL} or so, which bounds how long a change social.events did not
 * name (an implicit relationship forming) goes unseen: an entry past it still serves while it is fetched
 * anew in the background. A fetch that started before a drop is not kept. When social-service fails or is
 * slow, the last answer known serves, however old, or none.
 */
@Component
public final class Audiences {

    private static final Logger log = LoggerFactory.getLogger(Audiences.class);

    /**
     * How long an answer is fresh: events drop it when the user's relationships or settings change, so this
     * only bounds what no event names; each entry gets up to half again as long, so that entries fetched
     * together (a gateway's sessions opening after a restart) do not all go stale at once.
     */
    static final Duration TTL = Duration.ofMinutes(10);
    /** Beyond this many users the cache starts over rather than grow: each entry is a user's friend list. */
    static final int MAX_ENTRIES = 200_000;

    static final Set<String> CHANGES =
            Set.of(RELATIONSHIP_ADD, RELATIONSHIP_UPDATE, RELATIONSHIP_REMOVE, USER_SETTINGS_UPDATE);

    /** @param staleAt when it is to be fetched anew (nanoTime) */
    private record Entry(Audience audience, long staleAt) {}

    private final AudienceSource source;
    private final LongSupplier nanoTime;
    private final Map<Snowflake, Entry> entries = new ConcurrentHashMap<>();
    /** Users whose expired entry is being fetched anew. */
    private final Set<Snowflake> refreshing = ConcurrentHashMap.newKeySet();
    /** Moves at every drop, so a fetch knows whether one happened while it ran. */
    private final AtomicLong drops = new AtomicLong();

    Audiences(AudienceSource source) {
        this.source = source;
        this.nanoTime = System::nanoTime;
    }

    public Mono<Audience> of(Snowflake user) {
        Entry entry = entries.get(user);
        long now = nanoTime.getAsLong();
        if (entry != null) {
            // Past its time, an answer still serves while a fresh one is fetched, once, in the background: a
            // change waits on no fetch, and entries that age together are not all fetched on one change's path.
            if (now - entry.staleAt() >= 0 && refreshing.add(user)) {
                fetch(user, entry, now)
                        .doFinally(signal -> refreshing.remove(user))
                        .subscribe();
            }
            return Mono.just(entry.audience());
        }
        return fetch(user, null, now);
    }

    private Mono<Audience> fetch(Snowflake user, @Nullable Entry entry, long now) {
        long dropsBefore = drops.get();
        return source.fetch(user)
                .doOnNext(audience -> {
                    if (drops.get() == dropsBefore) {
                        if (entries.size() >= MAX_ENTRIES) {
                            entries.clear();
                        }
                        long ttl = TTL.toNanos();
                        entries.put(
                                user,
                                new Entry(
                                        audience,
                                        now + ttl + ThreadLocalRandom.current().nextLong(ttl / 2)));
                    }
                })
                .onErrorResume(failure -> {
                    // A presence is kept and its user told even when social-service cannot say who else to tell:
                    // the last answer known, however old, or no one (the next change reaches them).
                    log.warn(
                            "presence audience of user {} not fetched ({}); {}",
                            user,
                            failure.toString(),
                            entry != null ? "the last one known is used" : "nobody else is told");
                    return Mono.just(entry != null ? entry.audience() : Audience.NOBODY);
                });
    }

    /** What social.events says: a change of {@code type} on the side of user {@code key}. */
    public void changed(String type, String key) {
        if (CHANGES.contains(type)) {
            Snowflake user = Snowflake.parseOrNull(key);
            if (user != null) {
                drops.incrementAndGet();
                entries.remove(user);
            }
        }
    }

    /** For the listener that feeds {@link #changed}. */
    public void onEvent(EventSubscriber.EventSummary event) {
        changed(event.type(), event.key());
    }
}
