package dev.concord.platform.users;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Reads the users this instance keeps in memory ({@link UserCache}), then the replica, and fills it from the
 * users' owner when it misses: a user whose {@code USER_CREATE}
 * has not been consumed yet (or was created before this service first read identity.events) is asked of
 * remote-auth-service, stored, and answered like any other. Many users are read in one query and the
 * misses fetched in one batched call, never one per user. When the owner cannot be reached a lookup
 * fails with a 503 in the platform's shape ({@link UserOwnerClient#fetch}).
 */
public final class UserDirectory {

    private static final String COLUMNS = "id, username, discriminator, global_name, avatar, public_flags, bot";

    /** A row of some list that joined {@code user_replica}; {@code user} is null where the join missed. */
    public record Joined<T>(
            T row, Snowflake userId, @Nullable PartialUser user) {}

    private final DatabaseClient db;
    private final UserOwnerClient owner;
    private final UserCache cache;

    UserDirectory(DatabaseClient db, UserOwnerClient owner, UserCache cache) {
        this.db = db;
        this.owner = owner;
        this.cache = cache;
    }

    /** The user, from the replica or its owner; empty when no such user exists. */
    public Mono<PartialUser> find(Snowflake id) {
        return findAll(List.of(id)).next();
    }

    /** The users of {@code ids} that exist, from the replica or their owner; in no particular order. */
    public Flux<PartialUser> findAll(Collection<Snowflake> ids) {
        if (ids.isEmpty()) {
            return Flux.empty();
        }
        List<PartialUser> cached = new ArrayList<>();
        Set<Snowflake> uncached = new LinkedHashSet<>();
        for (Snowflake id : ids) {
            PartialUser user = cache.get(id);
            if (user != null) {
                cached.add(user);
            } else {
                uncached.add(id);
            }
        }
        if (uncached.isEmpty()) {
            return Flux.fromIterable(cached);
        }
        return Flux.concat(
                Flux.fromIterable(cached), replica(uncached).collectList().flatMapMany(known -> {
                    List<Snowflake> missing = new ArrayList<>(uncached);
                    known.forEach(user -> missing.remove(user.id()));
                    return Flux.concat(Flux.fromIterable(known), fetchAndStore(missing));
                }));
    }

    /**
     * Forgets what this instance keeps of the user in memory: for a replica row written other than by its
     * events (a repair, a test), which the next lookup then reads.
     */
    public void forget(Snowflake id) {
        cache.forget(id);
    }

    /**
     * Every user of {@code ids}, by id. An id no user has fails the lookup: it comes from this service's own
     * stored objects, which only name users that exist, so it is a broken reference, never an id-only user.
     */
    public Mono<Map<Snowflake, PartialUser>> require(Collection<Snowflake> ids) {
        Set<Snowflake> wanted = new LinkedHashSet<>(ids);
        return findAll(wanted).collectMap(PartialUser::id).map(found -> {
            if (found.size() < wanted.size()) {
                throw new IllegalStateException((wanted.size() - found.size()) + " stored user ids have no user");
            }
            return found;
        });
    }

    /** The user {@code id}, named by this service's own stored objects; see {@link #require(Collection)}. */
    public Mono<PartialUser> require(Snowflake id) {
        return require(List.of(id)).map(found -> Objects.requireNonNull(found.get(id)));
    }

    /** The rows of a list that joined the replica, each with its user; the misses fetched in one lookup. */
    public <T, R> Mono<List<R>> complete(List<Joined<T>> rows, BiFunction<T, PartialUser, R> combine) {
        List<Snowflake> missing = rows.stream()
                .filter(row -> row.user() == null)
                .map(Joined::userId)
                .toList();
        Mono<Map<Snowflake, PartialUser>> fetched = missing.isEmpty() ? Mono.just(Map.of()) : require(missing);
        return fetched.map(found -> {
            List<R> complete = new ArrayList<>(rows.size());
            for (Joined<T> row : rows) {
                PartialUser user = row.user();
                complete.add(combine.apply(
                        row.row(), user != null ? user : Objects.requireNonNull(found.get(row.userId()))));
            }
            return complete;
        });
    }

    /**
     * The user of this username (unique case-insensitively on the platform), from the replica or, when it
     * has nobody of that name, from their owner; empty when nobody has it.
     */
    public Mono<PartialUser> findByUsername(String username) {
        return db.sql("SELECT " + COLUMNS + " FROM user_replica WHERE lower(username) = lower(:username)")
                .bind("username", username)
                .map(UserDirectory::read)
                .one()
                .switchIfEmpty(Mono.defer(() -> owner.fetchByUsername(username)
                        .flatMap(user -> store(List.of(user)).thenReturn(user))));
    }

    /**
     * The partial user of user {@code id} in a row that joined {@code user_replica} (its columns under
     * their own names: {@code username, discriminator, global_name, avatar, public_flags, bot}), so a
     * list and its users come back in one query; null when the join found none, for {@link #complete}.
     */
    public static @Nullable PartialUser fromJoinedRow(Readable row, Snowflake id) {
        String username = row.get("username", String.class);
        if (username == null) {
            return null;
        }
        String discriminator = row.get("discriminator", String.class);
        return new PartialUser(
                id,
                username,
                discriminator != null ? discriminator : "0",
                row.get("global_name", String.class),
                row.get("avatar", String.class),
                row.get("public_flags", Integer.class),
                Boolean.TRUE.equals(row.get("bot", Boolean.class)));
    }

    /** The replica's rows of these users, each kept in memory as of the event it was last written by. */
    private Flux<PartialUser> replica(Set<Snowflake> ids) {
        Long[] values = ids.stream().map(Snowflake::value).toArray(Long[]::new);
        return db.sql("SELECT " + COLUMNS + ", last_event_id FROM user_replica WHERE id = ANY(:ids)")
                .bind("ids", values)
                .map(row -> {
                    PartialUser user = read(row);
                    cache.offer(user, Objects.requireNonNull(row.get("last_event_id", Long.class)));
                    return user;
                })
                .all();
    }

    /**
     * Asks the owner and keeps what it answers. {@code last_event_id} 0 lets every event still to come
     * overwrite the row, and a row the consumer wrote meanwhile is kept: events carry their order, an
     * answer fetched now does not (an update committed just after it may have an older event id).
     */
    private Flux<PartialUser> fetchAndStore(List<Snowflake> missing) {
        if (missing.isEmpty()) {
            return Flux.empty();
        }
        return owner.fetch(missing).collectList().flatMapMany(users -> store(users)
                .thenMany(Flux.fromIterable(users))
                .doOnNext(user -> cache.offer(user, 0)));
    }

    private Mono<Void> store(List<PartialUser> users) {
        if (users.isEmpty()) {
            return Mono.empty();
        }
        Map<String, Object[]> columns = new HashMap<>();
        columns.put("ids", users.stream().map(user -> user.id().value()).toArray(Long[]::new));
        columns.put("usernames", users.stream().map(PartialUser::username).toArray(String[]::new));
        columns.put(
                "discriminators", users.stream().map(PartialUser::discriminator).toArray(String[]::new));
        columns.put("globalNames", users.stream().map(PartialUser::globalName).toArray(String[]::new));
        columns.put("avatars", users.stream().map(PartialUser::avatar).toArray(String[]::new));
        columns.put(
                "flags", users.stream().map(user -> (int) user.publicFlags()).toArray(Integer[]::new));
        columns.put("bots", users.stream().map(PartialUser::bot).toArray(Boolean[]::new));
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                INSERT INTO user_replica (id, username, discriminator, global_name, avatar, public_flags, bot, last_event_id)
                SELECT u.id, u.username, u.discriminator, u.global_name, u.avatar, u.public_flags, u.bot, 0
                FROM unnest(:ids::bigint[], :usernames::text[], :discriminators::text[], :globalNames::text[],
                            :avatars::text[], :flags::integer[], :bots::boolean[])
                     AS u (id, username, discriminator, global_name, avatar, public_flags, bot)
                ON CONFLICT (id) DO NOTHING""");
        for (Map.Entry<String, Object[]> column : columns.entrySet()) {
            insert = insert.bind(column.getKey(), column.getValue());
        }
        return insert.then();
    }

    private static PartialUser read(Readable row) {
        return Objects.requireNonNull(
                fromJoinedRow(row, Snowflake.of(row.get("id", Long.class))), "user_replica.username is NOT NULL");
    }
}
