package dev.concord.gateway.dispatch;

import dev.concord.platform.guilds.AuthorizationSnapshot;
import dev.concord.platform.ids.Snowflake;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The {@link LocalGuild}s of the guilds that have a member connected here, each fetched once, when an
 * event first needs it; every event of the guild arriving meanwhile waits for that one fetch.
 *
 * <p>A change that comes while the guild is being fetched is queued and applied once the snapshot is in,
 * in the order the changes came. Every change sets one thing to its new state (a role, a channel's
 * overwrites, the owner) or removes it, so applying one the snapshot already holds changes nothing, and
 * one it lacks brings it up to date; a guild's events come in order, so a snapshot newer than a queued
 * change is set right again by the later change's own event, already on its way. Changes to a guild that
 * is not held are dropped: the snapshot fetched later is newer than they are.
 */
final class LocalGuilds {

    /** A guild being fetched or held; its fields are guarded by its own lock. */
    private static final class Entry {
        final CompletableFuture<LocalGuild> ready = new CompletableFuture<>();
        final List<Consumer<LocalGuild>> queued = new ArrayList<>();

        @Nullable
        LocalGuild guild;
    }

    private final Function<Snowflake, Mono<AuthorizationSnapshot>> fetch;
    private final Predicate<Snowflake> wanted;
    private final Map<Snowflake, Entry> entries = new ConcurrentHashMap<>();

    /**
     * @param fetch guild-service's snapshot of a guild
     * @param wanted whether a guild still has a member connected here, checked when its snapshot arrives
     */
    LocalGuilds(Function<Snowflake, Mono<AuthorizationSnapshot>> fetch, Predicate<Snowflake> wanted) {
        this.fetch = fetch;
        this.wanted = wanted;
    }

    /** The guild, fetched first when it is not held; concurrent callers share one fetch. */
    Mono<LocalGuild> get(Snowflake guildId) {
        return Mono.defer(() -> {
            Entry fresh = new Entry();
            Entry entry = entries.computeIfAbsent(guildId, id -> fresh);
            if (entry == fresh) {
                // Not the caller's subscription: a caller that goes away must not leave the others waiting.
                fetch.apply(guildId).subscribe(snapshot -> install(guildId, fresh, snapshot), error -> {
                    entries.remove(guildId, fresh);
                    fresh.ready.completeExceptionally(error);
                });
            }
            return Mono.fromFuture(entry.ready, true);
        });
    }

    /** Applies a change to the guild when it is held, after its snapshot when that is still coming. */
    void apply(Snowflake guildId, Consumer<LocalGuild> change) {
        Entry entry = entries.get(guildId);
        if (entry == null) {
            return;
        }
        synchronized (entry) {
            if (entry.guild == null) {
                entry.queued.add(change);
            } else {
                change.accept(entry.guild);
            }
        }
    }

    /** Forgets the guild: no member is connected any more, or a change could not be understood. */
    void drop(Snowflake guildId) {
        entries.remove(guildId);
    }

    boolean holds(Snowflake guildId) {
        Entry entry = entries.get(guildId);
        return entry != null && entry.ready.isDone() && !entry.ready.isCompletedExceptionally();
    }

    int size() {
        return entries.size();
    }

    private void install(Snowflake guildId, Entry entry, AuthorizationSnapshot snapshot) {
        LocalGuild guild;
        try {
            guild = new LocalGuild(snapshot);
            synchronized (entry) {
                entry.queued.forEach(change -> change.accept(guild));
                entry.queued.clear();
                entry.guild = guild;
            }
        } catch (RuntimeException broken) {
            entries.remove(guildId, entry);
            entry.ready.completeExceptionally(broken);
            return;
        }
        if (!wanted.test(guildId)) {
            // Its last member left while it was fetched; those waiting may still use it.
            entries.remove(guildId, entry);
        }
        entry.ready.complete(guild);
    }
}
