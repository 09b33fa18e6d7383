package dev.concord.platform.users;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The users this instance read lately, in memory, so that rendering a message or a page of them costs no
 * query for its authors. Every entry holds the id of the event it is as of (the replica's
 * {@code last_event_id}; 0 for an answer of the users' owner), and a newer version always wins: an event
 * applied while a read of the replica was under way is not undone by that read's older row. The entries
 * follow identity.events on every instance ({@link #onEvent}, through an instance listener); the expiry only bounds what an
 * event missed while the instance started could leave stale.
 */
final class UserCache {

    private record Versioned(PartialUser user, long version) {}

    private final Cache<Snowflake, Versioned> users;

    UserCache(long maximumSize, Duration expiry) {
        this.users = Caffeine.newBuilder()
                .maximumSize(maximumSize)
                .expireAfterWrite(expiry)
                .build();
    }

    @Nullable
    PartialUser get(Snowflake id) {
        Versioned cached = users.getIfPresent(id);
        return cached == null ? null : cached.user();
    }

    /** Keeps {@code user} as of event {@code version}, unless a newer version is kept already. */
    void offer(PartialUser user, long version) {
        users.asMap()
                .merge(
                        user.id(),
                        new Versioned(user, version),
                        (kept, offered) -> offered.version() >= kept.version() ? offered : kept);
    }

    /** Brings the user of a USER_CREATE or USER_UPDATE up to that event; other events change nothing. */
    Mono<Void> onEvent(EventEnvelope event) {
        UserReplicaUpdater.replicated(event)
                .ifPresent(user -> offer(user, event.id().value()));
        return Mono.empty();
    }

    void forget(Snowflake id) {
        users.invalidate(id);
    }
}
