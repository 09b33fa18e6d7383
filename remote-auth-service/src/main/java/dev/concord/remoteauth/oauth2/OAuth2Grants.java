package dev.concord.remoteauth.oauth2;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The {@code oauth2_grants} table: one row per refresh token. */
@Component
class OAuth2Grants {

    /** A stored grant. */
    record Grant(Snowflake id, Snowflake applicationId, Snowflake userId, List<String> scopes, long accessTokenId) {}

    private static final String COLUMNS = "id, application_id, user_id, scopes, access_token_id";

    private final DatabaseClient db;

    OAuth2Grants(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(Grant grant, byte[] refreshTokenSha256) {
        return db.sql("""
                        INSERT INTO oauth2_grants (id, application_id, user_id, scopes, refresh_token_sha256, access_token_id)
                        VALUES (:id, :application_id, :user_id, :scopes, :refresh, :access)""")
                .bind("id", grant.id().value())
                .bind("application_id", grant.applicationId().value())
                .bind("user_id", grant.userId().value())
                .bind("scopes", grant.scopes().toArray(String[]::new))
                .bind("refresh", refreshTokenSha256)
                .bind("access", grant.accessTokenId())
                .then();
    }

    /** The application's grant of this refresh token; empty when it is unknown or another application's. */
    Mono<Grant> byRefreshToken(Snowflake applicationId, byte[] refreshTokenSha256) {
        return db.sql("SELECT " + COLUMNS + " FROM oauth2_grants"
                        + " WHERE refresh_token_sha256 = :refresh AND application_id = :application_id")
                .bind("refresh", refreshTokenSha256)
                .bind("application_id", applicationId.value())
                .map(OAuth2Grants::read)
                .one();
    }

    /**
     * Swaps the refresh token (the old one stops working: rotation) and records the new access token, if
     * the old token is still the grant's; empty when another refresh got there first.
     */
    Mono<Grant> rotate(Grant grant, byte[] oldRefresh, byte[] newRefresh, long accessTokenId) {
        return db.sql(
                        "UPDATE oauth2_grants SET refresh_token_sha256 = :new, access_token_id = :access, updated_at = now()"
                                + " WHERE id = :id AND refresh_token_sha256 = :old RETURNING " + COLUMNS)
                .bind("id", grant.id().value())
                .bind("old", oldRefresh)
                .bind("new", newRefresh)
                .bind("access", accessTokenId)
                .map(OAuth2Grants::read)
                .one();
    }

    /** Deletes the grant of a refresh token; answers what it was. */
    Mono<Grant> deleteByRefreshToken(Snowflake applicationId, byte[] refreshTokenSha256) {
        return db.sql("DELETE FROM oauth2_grants WHERE refresh_token_sha256 = :refresh"
                        + " AND application_id = :application_id RETURNING " + COLUMNS)
                .bind("refresh", refreshTokenSha256)
                .bind("application_id", applicationId.value())
                .map(OAuth2Grants::read)
                .one();
    }

    /** Whether the person has granted the application every one of {@code scopes} before. */
    Mono<Boolean> covers(Snowflake userId, Snowflake applicationId, List<String> scopes) {
        return db.sql("SELECT EXISTS (SELECT 1 FROM oauth2_grants WHERE user_id = :user_id"
                        + " AND application_id = :application_id AND scopes @> :scopes)")
                .bind("user_id", userId.value())
                .bind("application_id", applicationId.value())
                .bind("scopes", scopes.toArray(String[]::new))
                .map(row -> Boolean.TRUE.equals(row.get(0, Boolean.class)))
                .one();
    }

    private static Grant read(io.r2dbc.spi.Readable row) {
        return new Grant(
                Snowflake.of(row.get("id", Long.class)),
                Snowflake.of(row.get("application_id", Long.class)),
                Snowflake.of(row.get("user_id", Long.class)),
                List.of(row.get("scopes", String[].class)),
                row.get("access_token_id", Long.class));
    }
}
