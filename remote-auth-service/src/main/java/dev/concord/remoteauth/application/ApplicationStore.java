package dev.concord.remoteauth.application;

import dev.concord.platform.ids.Snowflake;
import dev.concord.remoteauth.store.ColumnChanges;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code applications} table. Every read is one statement. */
@Component
class ApplicationStore {

    private final DatabaseClient db;

    ApplicationStore(DatabaseClient db) {
        this.db = db;
    }

    Mono<ApplicationRow> insert(
            Snowflake id,
            Snowflake ownerId,
            String name,
            String description,
            InteractionKeys keys,
            List<String> redirectUris,
            boolean botPublic,
            boolean botRequireCodeGrant) {
        return db.sql("""
                        INSERT INTO applications (id, owner_id, name, description, verify_key, signing_key,
                                                  redirect_uris, bot_public, bot_require_code_grant)
                        VALUES (:id, :owner_id, :name, :description, :verify_key, :signing_key,
                                :redirect_uris, :bot_public, :bot_require_code_grant)
                        RETURNING\s""" + ApplicationRow.COLUMNS)
                .bind("id", id.value())
                .bind("owner_id", ownerId.value())
                .bind("name", name)
                .bind("description", description)
                .bind("verify_key", keys.verifyKey())
                .bind("signing_key", keys.signingKey())
                .bind("redirect_uris", redirectUris.toArray(String[]::new))
                .bind("bot_public", botPublic)
                .bind("bot_require_code_grant", botRequireCodeGrant)
                .map(ApplicationRow::read)
                .one();
    }

    Mono<ApplicationRow> find(Snowflake id) {
        return db.sql("SELECT " + ApplicationRow.COLUMNS + " FROM applications WHERE id = :id")
                .bind("id", id.value())
                .map(ApplicationRow::read)
                .one();
    }

    /** The application whose bot this user is. */
    Mono<ApplicationRow> findByBot(Snowflake botUserId) {
        return db.sql("SELECT " + ApplicationRow.COLUMNS + " FROM applications WHERE bot_user_id = :bot")
                .bind("bot", botUserId.value())
                .map(ApplicationRow::read)
                .one();
    }

    /** The user's applications, oldest first. */
    Flux<ApplicationRow> findByOwner(Snowflake ownerId) {
        return db.sql("SELECT " + ApplicationRow.COLUMNS + " FROM applications WHERE owner_id = :owner ORDER BY id")
                .bind("owner", ownerId.value())
                .map(ApplicationRow::read)
                .all();
    }

    /** The private half of the application's interaction key pair (PKCS#8). */
    Mono<byte[]> signingKey(Snowflake id) {
        return db.sql("SELECT signing_key FROM applications WHERE id = :id")
                .bind("id", id.value())
                .map(row -> row.get("signing_key", byte[].class))
                .one();
    }

    /** Applies {@code changes} and returns the row as it now is. */
    Mono<ApplicationRow> update(Snowflake id, ColumnChanges changes) {
        return changes.bind(db.sql("UPDATE applications SET " + changes.assignments()
                                + ", updated_at = now() WHERE id = :id RETURNING " + ApplicationRow.COLUMNS)
                        .bind("id", id.value()))
                .map(ApplicationRow::read)
                .one();
    }

    /** Attaches the bot user, unless the application has one already (then empty). */
    Mono<ApplicationRow> attachBot(Snowflake id, Snowflake botUserId) {
        return db.sql("UPDATE applications SET bot_user_id = :bot, updated_at = now()"
                        + " WHERE id = :id AND bot_user_id IS NULL RETURNING " + ApplicationRow.COLUMNS)
                .bind("id", id.value())
                .bind("bot", botUserId.value())
                .map(ApplicationRow::read)
                .one();
    }

    /** The digest of the current client secret; empty when none was ever issued. */
    Mono<byte[]> secretDigest(Snowflake id) {
        return db.sql(
                        "SELECT client_secret_sha256 FROM applications WHERE id = :id AND client_secret_sha256 IS NOT NULL")
                .bind("id", id.value())
                .map(row -> row.get("client_secret_sha256", byte[].class))
                .one();
    }

    /** Replaces the digest of the client secret. */
    Mono<Void> setSecretDigest(Snowflake id, byte[] sha256) {
        return db.sql("UPDATE applications SET client_secret_sha256 = :digest, updated_at = now() WHERE id = :id")
                .bind("id", id.value())
                .bind("digest", sha256)
                .then();
    }

    Mono<Void> delete(Snowflake id) {
        return db.sql("DELETE FROM applications WHERE id = :id")
                .bind("id", id.value())
                .then();
    }
}
