-- Bot users keep the platform's name#tag: a bot's username need not be unique, its tag makes it so.
-- People's usernames stay unique on their own (discriminator "0"), and never collide with a bot's.
ALTER TABLE users ADD COLUMN discriminator TEXT NOT NULL DEFAULT '0';
DROP INDEX users_username_key;
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE NOT bot;
CREATE UNIQUE INDEX users_bot_tag_key ON users (lower(username), discriminator) WHERE bot;

-- Applications (OAuth2 clients, bots, games). The Ed25519 key pair signs what is sent to the
-- application's interactions endpoint; verify_key is its public half as hex. The client secret is kept
-- only as its SHA-256: it is shown once, when reset.
CREATE TABLE applications (
    id                                BIGINT PRIMARY KEY,
    owner_id                          BIGINT      NOT NULL REFERENCES users (id),
    name                              TEXT        NOT NULL,
    description                       TEXT        NOT NULL DEFAULT '',
    icon                              TEXT,
    cover_image                       TEXT,
    type                              INTEGER,
    flags                             BIGINT      NOT NULL DEFAULT 0,
    verify_key                        TEXT        NOT NULL,
    signing_key                       BYTEA       NOT NULL,
    client_secret_sha256              BYTEA,
    bot_user_id                       BIGINT UNIQUE REFERENCES users (id),
    bot_public                        BOOLEAN     NOT NULL DEFAULT TRUE,
    bot_require_code_grant            BOOLEAN     NOT NULL DEFAULT FALSE,
    redirect_uris                     TEXT[]      NOT NULL DEFAULT '{}',
    tags                              TEXT[]      NOT NULL DEFAULT '{}',
    rpc_origins                       TEXT[]      NOT NULL DEFAULT '{}',
    interactions_endpoint_url         TEXT,
    interactions_version              INTEGER     NOT NULL DEFAULT 1,
    interactions_event_types          TEXT[]      NOT NULL DEFAULT '{}',
    role_connections_verification_url TEXT,
    terms_of_service_url              TEXT,
    privacy_policy_url                TEXT,
    custom_install_url                TEXT,
    deeplink_uri                      TEXT,
    install_params                    JSONB,
    integration_types_config          JSONB,
    event_webhooks_url                TEXT,
    event_webhooks_status             INTEGER     NOT NULL DEFAULT 1,
    event_webhooks_types              TEXT[]      NOT NULL DEFAULT '{}',
    explicit_content_filter           INTEGER     NOT NULL DEFAULT 0,
    created_at                        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at                        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX applications_owner_idx ON applications (owner_id);

-- An application's current icon and cover image bytes, addressed by the hash the application carries.
CREATE TABLE application_images (
    application_id BIGINT      NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    kind           TEXT        NOT NULL CHECK (kind IN ('icon', 'cover_image')),
    hash           TEXT        NOT NULL,
    content_type   TEXT        NOT NULL,
    data           BYTEA       NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (application_id, kind)
);
