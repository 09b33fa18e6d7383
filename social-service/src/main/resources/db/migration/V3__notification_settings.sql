-- A user's account-wide notification settings: one row per user who sent a PATCH; no row reads as the
-- defaults (flags 0).
CREATE TABLE notification_settings (
    user_id    BIGINT      PRIMARY KEY,
    flags      INTEGER     NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A user's notification settings for one guild, or for their private channels (guild_id 0, which no
-- guild has: snowflakes start far above it). `settings` is the complete user guild settings object
-- without `guild_id` and `version`, which are columns; `version` counts the writes that changed
-- something. No row reads as the defaults, version 0.
CREATE TABLE user_guild_settings (
    user_id    BIGINT      NOT NULL,
    guild_id   BIGINT      NOT NULL,
    settings   JSONB       NOT NULL,
    version    BIGINT      NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, guild_id)
);

-- Copies of a user's guild settings to restore later. `document` is a JSON object of guild id to the
-- stored settings, kept as text so that `length` (its size in bytes) stays the size of what is kept.
CREATE TABLE notification_settings_snapshots (
    id          BIGINT      PRIMARY KEY,
    user_id     BIGINT      NOT NULL,
    label       TEXT,
    recorded_at TIMESTAMPTZ NOT NULL,
    document    TEXT        NOT NULL,
    length      INTEGER     NOT NULL
);

CREATE INDEX notification_settings_snapshots_by_user ON notification_settings_snapshots (user_id, id);
