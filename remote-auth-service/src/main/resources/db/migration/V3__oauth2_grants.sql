-- What a person authorized an application to do, and the refresh token that renews its access. Only the
-- refresh token's SHA-256 is kept; access tokens are signed and verified without a lookup, and the latest
-- one's id is kept so that revoking the grant revokes it too.
CREATE TABLE oauth2_grants (
    id                   BIGINT PRIMARY KEY,
    application_id       BIGINT      NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    user_id              BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scopes               TEXT[]      NOT NULL,
    refresh_token_sha256 BYTEA       NOT NULL UNIQUE,
    access_token_id      BIGINT      NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX oauth2_grants_user_application_idx ON oauth2_grants (user_id, application_id);
