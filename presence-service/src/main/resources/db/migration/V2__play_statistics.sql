-- Games played, as the client reports them (POST /activities): each running game is a play session named
-- by a token the client holds (only its SHA-256 kept here), which every report replaces.
CREATE TABLE play_sessions (
    token_hash       BYTEA       PRIMARY KEY,
    user_id          BIGINT      NOT NULL,
    application_id   BIGINT      NOT NULL,
    started_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    duration         BIGINT      NOT NULL DEFAULT 0,
    share_activity   BOOLEAN     NOT NULL,
    distributor      TEXT,
    exe_path         TEXT,
    voice_channel_id BIGINT,
    session_id       TEXT,
    media_session_id TEXT,
    closed           BOOLEAN     NOT NULL DEFAULT false
);

CREATE INDEX play_sessions_by_user ON play_sessions (user_id, updated_at);

-- Each user's play of each game, summed from the reports: all of it for the user's own statistics, the
-- shared part (share_activity) for what friends and affine users are shown.
CREATE TABLE play_statistics (
    user_id                     BIGINT      NOT NULL,
    application_id              BIGINT      NOT NULL,
    first_played_at             TIMESTAMPTZ,
    last_played_at              TIMESTAMPTZ NOT NULL,
    total_duration              BIGINT      NOT NULL DEFAULT 0,
    total_platform_sku_duration BIGINT      NOT NULL DEFAULT 0,
    last_shared_at              TIMESTAMPTZ,
    shared_duration             BIGINT      NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, application_id)
);

CREATE INDEX play_statistics_by_application ON play_statistics (application_id, last_shared_at);
