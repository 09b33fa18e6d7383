package dev.concord.platform.users;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.util.Collection;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reads the replica. Many users are read in one query, never one query per user. */
public final class UserDirectory {

    private static final String COLUMNS = "id, username, discriminator, global_name, avatar, public_flags, bot";

    private final DatabaseClient db;

    public UserDirectory(DatabaseClient db) {
        this.db = db;
    }

    public Mono<PartialUser> find(Snowflake id) {
        return db.sql("SELECT " + COLUMNS + " FROM user_replica WHERE id = :id")
                .bind("id", id.value())
                .map(UserDirectory::read)
                .one();
    }

    public Flux<PartialUser> findAll(Collection<Snowflake> ids) {
        if (ids.isEmpty()) {
            return Flux.empty();
        }
        Long[] values = ids.stream().map(Snowflake::value).distinct().toArray(Long[]::new);
        return db.sql("SELECT " + COLUMNS + " FROM user_replica WHERE id = ANY(:ids)")
                .bind("ids", values)
                .map(UserDirectory::read)
                .all();
    }

    /** Usernames are unique case-insensitively on the platform. */
    public Mono<PartialUser> findByUsername(String username) {
        return db.sql("SELECT " + COLUMNS + " FROM user_replica WHERE lower(username) = lower(:username)")
                .bind("username", username)
                .map(UserDirectory::read)
                .one();
    }

    /**
     * The partial user of user {@code id} in a row that joined {@code user_replica} (its columns under
     * their own names: {@code username, discriminator, global_name, avatar, public_flags, bot}), so a
     * list and its users come back in one query; null when the join found none (the replica has not
     * heard of them yet).
     */
    public static @Nullable PartialUser fromJoinedRow(Readable row, Snowflake id) {
        String username = row.get("username", String.class);
        if (username == null) {
            return null;
        }
        return new PartialUser(
                id,
                username,
                row.get("discriminator", String.class),
                row.get("global_name", String.class),
                row.get("avatar", String.class),
                row.get("public_flags", Integer.class),
                Boolean.TRUE.equals(row.get("bot", Boolean.class)));
    }

    private static PartialUser read(Readable row) {
        return Objects.requireNonNull(
                fromJoinedRow(row, Snowflake.of(row.get("id", Long.class))), "user_replica.username is NOT NULL");
    }
}
