-- One row per user who changed a setting. `settings` holds only the fields that differ from the
-- defaults at the time they were set; reads overlay it on the defaults, so a user without a row (or
-- a field added later) simply gets the default. `version` counts writes.
CREATE TABLE user_settings (
    user_id    BIGINT      PRIMARY KEY,
    settings   JSONB       NOT NULL DEFAULT '{}'::jsonb,
    version    BIGINT      NOT NULL DEFAULT 1,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
