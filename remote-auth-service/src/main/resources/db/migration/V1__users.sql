-- Accounts. Every user has a unique username (discriminator "0"); uniqueness ignores case so that
-- names differing only in case, which clients display alike, can never both exist.
CREATE TABLE users (
    id            BIGINT PRIMARY KEY,
    username      TEXT        NOT NULL,
    global_name   TEXT,
    email         TEXT,
    verified      BOOLEAN     NOT NULL DEFAULT FALSE,
    -- Argon2id in PHC string form (algorithm, parameters, salt, hash); null for bot and system users,
    -- which never log in with a password.
    password_hash TEXT,
    avatar        TEXT,
    banner        TEXT,
    accent_color  INTEGER,
    bio           TEXT        NOT NULL DEFAULT '',
    locale        TEXT        NOT NULL DEFAULT 'en-US',
    flags         BIGINT      NOT NULL DEFAULT 0,
    public_flags  BIGINT      NOT NULL DEFAULT 0,
    bot           BOOLEAN     NOT NULL DEFAULT FALSE,
    system        BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;

-- The current avatar and banner bytes, addressed by the hash the user object carries. Only the current
-- image of each kind is kept; a CDN in front serves them.
CREATE TABLE user_images (
    user_id      BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT        NOT NULL CHECK (kind IN ('avatar', 'banner')),
    hash         TEXT        NOT NULL,
    content_type TEXT        NOT NULL,
    data         BYTEA       NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, kind)
);
