package dev.concord.remoteauth.user;

import dev.concord.platform.ids.Snowflake;
import dev.concord.remoteauth.store.ColumnChanges;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code users} table. Every read is one statement. */
@Component
public class UserStore {

    /** Which of a wanted username and email already belong to someone. */
    public record Taken(boolean username, boolean email) {}

    /** What a login needs: the account and its password hash (none for accounts without a password). */
    public record Credentials(Snowflake userId, @Nullable String passwordHash) {
        @Override
        public String toString() {
            return "Credentials[userId=" + userId + "]";
        }
    }

    private final DatabaseClient db;

    public UserStore(DatabaseClient db) {
        this.db = db;
    }

    public Mono<UserRow> find(Snowflake id) {
        return db.sql("SELECT " + UserRow.COLUMNS + " FROM users WHERE id = :id")
                .bind("id", id.value())
                .map(UserRow::read)
                .one();
    }

    /** The users of {@code ids} that exist, in one statement. */
    public Flux<UserRow> findAll(List<Snowflake> ids) {
        return db.sql("SELECT " + UserRow.COLUMNS + " FROM users WHERE id = ANY(:ids)")
                .bind("ids", ids.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(UserRow::read)
                .all();
    }

    /** The user of this username, in any case (usernames are unique case-insensitively). */
    public Mono<UserRow> findByUsername(String username) {
        return db.sql("SELECT " + UserRow.COLUMNS + " FROM users WHERE lower(username) = lower(:username) AND NOT bot")
                .bind("username", username)
                .map(UserRow::read)
                .one();
    }

    /** By username, or by email when the login has an {@code @} (usernames never do). */
    public Mono<Credentials> findCredentials(String login) {
        String column = login.indexOf('@') >= 0 ? "email" : "username";
        return db.sql("SELECT id, password_hash FROM users WHERE lower(" + column + ") = lower(:login) AND NOT bot")
                .bind("login", login)
                .map(row -> new Credentials(
                        Snowflake.of(row.get("id", Long.class)), row.get("password_hash", String.class)))
                .one();
    }

    public Mono<Taken> taken(String username, String email) {
        return ColumnChanges.bindNullable(db.sql("""
                        SELECT coalesce(bool_or(lower(username) = lower(:username) AND NOT bot), false) AS username_taken,
                               coalesce(bool_or(lower(email) = lower(:email)), false) AS email_taken
                        FROM users WHERE lower(username) = lower(:username) OR lower(email) = lower(:email)
                        """).bind("username", username), "email", email, String.class)
                .map(row -> new Taken(
                        Boolean.TRUE.equals(row.get("username_taken", Boolean.class)),
                        Boolean.TRUE.equals(row.get("email_taken", Boolean.class))))
                .one();
    }

    public Mono<UserRow> insert(Snowflake id, String username, String email, String globalName, String passwordHash) {
        GenericExecuteSpec insert = db.sql("INSERT INTO users (id, username, email, global_name, password_hash)"
                        + " VALUES (:id, :username, :email, :global_name, :password_hash) RETURNING " + UserRow.COLUMNS)
                .bind("id", id.value())
                .bind("username", username)
                .bind("password_hash", passwordHash);
        insert = ColumnChanges.bindNullable(insert, "email", email, String.class);
        insert = ColumnChanges.bindNullable(insert, "global_name", globalName, String.class);
        return insert.map(UserRow::read).one();
    }

    /** A bot user: a name#tag without email or password; empty when that tag is taken by another bot. */
    public Mono<UserRow> insertBot(Snowflake id, String username, String discriminator) {
        return db.sql(
                        "INSERT INTO users (id, username, discriminator, bot) VALUES (:id, :username, :discriminator, true)"
                                + " ON CONFLICT DO NOTHING RETURNING " + UserRow.COLUMNS)
                .bind("id", id.value())
                .bind("username", username)
                .bind("discriminator", discriminator)
                .map(UserRow::read)
                .one();
    }

    /** Applies {@code changes} and returns the row as it now is. */
    Mono<UserRow> update(Snowflake id, ColumnChanges changes) {
        return changes.bind(db.sql("UPDATE users SET " + changes.assignments()
                                + ", updated_at = now() WHERE id = :id RETURNING " + UserRow.COLUMNS)
                        .bind("id", id.value()))
                .map(UserRow::read)
                .one();
    }
}
