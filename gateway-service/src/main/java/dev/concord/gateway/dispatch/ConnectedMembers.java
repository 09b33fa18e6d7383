package dev.concord.gateway.dispatch;

import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.guilds.Membership;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The users with a session here and, for each guild they are in, their roles and timeout: what the
 * permission engine needs of a member, and who a guild's events may reach on this instance. A user is
 * fetched once, when their first session here starts (every guild of theirs in one request, arrivals
 * batched), then kept current from member events; they are forgotten when their last session ends, so
 * what is held grows with the users connected here and the guilds each is in, nothing else.
 *
 * <p>Member changes for a user being fetched are queued and applied after the answer, in order, as
 * {@link LocalGuilds} does for guilds and for the same reason: each sets a member's whole state in one
 * guild or removes it. Everything is guarded by one lock; no remote call is made under it.
 */
final class ConnectedMembers implements SessionRegistry.UsersListener {

    /** One connected user: fetched, or being fetched with the changes that came meanwhile. */
    private static final class User {
        final CompletableFuture<Void> loaded = new CompletableFuture<>();
        final Set<Snowflake> guilds = new HashSet<>();

        @Nullable
        List<Consumer<User>> queued = new ArrayList<>();
    }

    /**
     * A guild's members here, with the snapshots events are resolved against: made by the first event after
     * a change and shared by every event until the next, so an event costs no copy of the members.
     */
    private static final class GuildHere {
        final Map<Snowflake, GuildMember> members = new HashMap<>();

        @Nullable
        List<GuildMember> list;

        @Nullable
        Set<Snowflake> userIds;

        void put(Snowflake userId, GuildMember member) {
            members.put(userId, member);
            changed();
        }

        void remove(Snowflake userId) {
            if (members.remove(userId) != null) {
                changed();
            }
        }

        private void changed() {
            list = null;
            userIds = null;
        }

        List<GuildMember> list() {
            List<GuildMember> current = list;
            if (current == null) {
                current = List.copyOf(members.values());
                list = current;
            }
            return current;
        }

        Set<Snowflake> userIds() {
            Set<Snowflake> current = userIds;
            if (current == null) {
                current = Set.copyOf(members.keySet());
                userIds = current;
            }
            return current;
        }
    }

    private final Function<List<Snowflake>, Mono<List<Membership>>> fetch;
    private final Predicate<Snowflake> connected;
    private final Consumer<Snowflake> guildEmptied;

    private final Object lock = new Object();
    private final Map<Snowflake, User> users = new HashMap<>();
    private final Map<Snowflake, GuildHere> byGuild = new HashMap<>();
    /** The users whose fetch has not been applied yet (their {@code queued} is set): what events wait for. */
    private final Set<Snowflake> loading = new HashSet<>();

    private final Set<Snowflake> toFetch = new LinkedHashSet<>();
    /** Guilds whose last member here went, to tell about once the lock is released. */
    private final Set<Snowflake> emptied = new LinkedHashSet<>();

    private boolean fetching;

    /**
     * @param fetch guild-service's member rows of these users, every guild of each
     * @param connected whether a user has a session here now
     * @param guildEmptied told of a guild whose last member here left
     */
    ConnectedMembers(
            Function<List<Snowflake>, Mono<List<Membership>>> fetch,
            Predicate<Snowflake> connected,
            Consumer<Snowflake> guildEmptied) {
        this.fetch = fetch;
        this.connected = connected;
        this.guildEmptied = guildEmptied;
    }

    @Override
    public void sessionsChanged(Snowflake userId) {
        boolean here = connected.test(userId);
        synchronized (lock) {
            User user = users.get(userId);
            if (here && user == null) {
                users.put(userId, new User());
                loading.add(userId);
                toFetch.add(userId);
            } else if (!here && user != null) {
                users.remove(userId);
                loading.remove(userId);
                toFetch.remove(userId);
                user.guilds.forEach(guildId -> take(guildId, userId));
                user.loaded.complete(null);
            }
        }
        tellEmptied();
        flush();
    }

    /**
     * Completes once every user fetched at the time of the call is in (a user arriving later may miss an
     * event consumed before their session existed, as a new session does anyway); fails when a fetch did.
     */
    Mono<Void> ready() {
        return Mono.defer(() -> {
            // Per event: only the users still loading are looked at, never all the users connected here.
            Set<Snowflake> waiting;
            synchronized (lock) {
                waiting = loading.isEmpty() ? Set.of() : Set.copyOf(loading);
            }
            return waiting.isEmpty() ? Mono.empty() : waitFor(waiting);
        });
    }

    /** The guild's members connected here (a snapshot: not to be changed). */
    List<GuildMember> of(Snowflake guildId) {
        synchronized (lock) {
            GuildHere guild = byGuild.get(guildId);
            return guild == null ? List.of() : guild.list();
        }
    }

    /** The user ids of the guild's members connected here (a snapshot). */
    Set<Snowflake> userIds(Snowflake guildId) {
        synchronized (lock) {
            GuildHere guild = byGuild.get(guildId);
            return guild == null ? Set.of() : guild.userIds();
        }
    }

    boolean hasMembers(Snowflake guildId) {
        synchronized (lock) {
            return byGuild.containsKey(guildId);
        }
    }

    /** The member joined or changed (a user not connected here is ignored). */
    void upsert(Snowflake guildId, GuildMember member) {
        change(Snowflake.of(member.userId()), user -> put(user, guildId, member));
    }

    /** The user is no longer a member of the guild. */
    void remove(Snowflake guildId, Snowflake userId) {
        change(userId, user -> {
            user.guilds.remove(guildId);
            take(guildId, userId);
        });
        tellEmptied();
    }

    /** A change to the user could not be understood: they are fetched again, and events wait for it. */
    void reload(Snowflake userId) {
        synchronized (lock) {
            User stale = users.get(userId);
            if (stale == null) {
                return;
            }
            User fresh = new User();
            fresh.guilds.addAll(stale.guilds);
            users.put(userId, fresh);
            loading.add(userId);
            toFetch.add(userId);
            // Waiting on the stale one goes on waiting on this one (see waitFor).
            stale.loaded.complete(null);
        }
        flush();
    }

    int users() {
        synchronized (lock) {
            return users.size();
        }
    }

    int guilds() {
        synchronized (lock) {
            return byGuild.size();
        }
    }

    private Mono<Void> waitFor(Set<Snowflake> userIds) {
        return Mono.defer(() -> {
            flush();
            List<CompletableFuture<Void>> loading = new ArrayList<>();
            synchronized (lock) {
                for (Snowflake id : userIds) {
                    User user = users.get(id);
                    if (user != null && user.queued != null) {
                        loading.add(user.loaded);
                    }
                }
            }
            if (loading.isEmpty()) {
                return Mono.empty();
            }
            return Mono.fromFuture(CompletableFuture.allOf(loading.toArray(new CompletableFuture<?>[0])), true)
                    .then(waitFor(userIds));
        });
    }

    private void change(Snowflake userId, Consumer<User> change) {
        synchronized (lock) {
            User user = users.get(userId);
            if (user == null) {
                return;
            }
            if (user.queued != null) {
                user.queued.add(change);
            } else {
                change.accept(user);
            }
        }
    }

    /** Sends the users waiting to be fetched, unless a request is already out (its end sends the next). */
    private void flush() {
        Map<Snowflake, User> batch = new LinkedHashMap<>();
        synchronized (lock) {
            if (fetching || toFetch.isEmpty()) {
                return;
            }
            for (Snowflake id : toFetch) {
                User user = users.get(id);
                if (user != null) {
                    batch.put(id, user);
                }
            }
            toFetch.clear();
            if (batch.isEmpty()) {
                return;
            }
            fetching = true;
        }
        fetch.apply(List.copyOf(batch.keySet()))
                .subscribe(memberships -> fetched(batch, memberships), error -> failed(batch, error));
    }

    private void fetched(Map<Snowflake, User> batch, List<Membership> memberships) {
        Map<Snowflake, List<Membership>> byUser = new HashMap<>();
        memberships.forEach(
                m -> byUser.computeIfAbsent(m.userId(), id -> new ArrayList<>()).add(m));
        synchronized (lock) {
            fetching = false;
            batch.forEach((id, user) -> {
                if (users.get(id) != user) {
                    return; // left, or to be fetched again: a later answer is the one to use
                }
                // What an earlier answer said (a user fetched again) gives way to this one.
                user.guilds.forEach(guildId -> take(guildId, id));
                user.guilds.clear();
                for (Membership membership : byUser.getOrDefault(id, List.of())) {
                    put(user, membership.guildId(), membership.member());
                }
                List<Consumer<User>> queued = user.queued;
                user.queued = null;
                loading.remove(id);
                if (queued != null) {
                    queued.forEach(change -> change.accept(user));
                }
            });
        }
        batch.values().forEach(user -> user.loaded.complete(null));
        tellEmptied();
        flush();
    }

    private void failed(Map<Snowflake, User> batch, Throwable error) {
        synchronized (lock) {
            fetching = false;
            batch.forEach((id, user) -> {
                if (users.get(id) == user) {
                    // Asked again by the next event that waits for them, not in a loop against a failing service.
                    User retry = new User();
                    retry.guilds.addAll(user.guilds);
                    retry.queued = user.queued;
                    users.put(id, retry);
                    toFetch.add(id);
                }
            });
        }
        batch.values().forEach(user -> user.loaded.completeExceptionally(error));
    }

    /** Under the lock. */
    private void put(User user, Snowflake guildId, GuildMember member) {
        user.guilds.add(guildId);
        byGuild.computeIfAbsent(guildId, id -> new GuildHere()).put(Snowflake.of(member.userId()), member);
    }

    /** Under the lock: a guild left with no member here is noted for {@link #tellEmptied}. */
    private void take(Snowflake guildId, Snowflake userId) {
        GuildHere guild = byGuild.get(guildId);
        if (guild != null) {
            guild.remove(userId);
            if (guild.members.isEmpty()) {
                byGuild.remove(guildId);
                emptied.add(guildId);
            }
        }
    }

    /** Outside the lock: drops the guilds that still have no member here. */
    private void tellEmptied() {
        List<Snowflake> gone = new ArrayList<>();
        synchronized (lock) {
            for (Snowflake guildId : emptied) {
                if (!byGuild.containsKey(guildId)) {
                    gone.add(guildId);
                }
            }
            emptied.clear();
        }
        gone.forEach(guildEmptied);
    }
}
