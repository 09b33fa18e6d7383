-- A user's answers to the platform's data-use consents. A column is null until the user answers, and
-- reads show the platform's default for it then (ConsentType), so a user without a row, or a consent
-- added later, gets the default and GET never writes.
CREATE TABLE user_consents (
    user_id          BIGINT      PRIMARY KEY,
    personalization  BOOLEAN,
    usage_statistics BOOLEAN,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A user's marketing e-mail choices. `categories` holds only the categories the user set, as
-- {"tips": true}; reads overlay it on the defaults (EmailCategory). `initialized` records that the user
-- has saved these settings at least once (clients stop offering the opt-in prompt then).
CREATE TABLE user_email_settings (
    user_id     BIGINT      PRIMARY KEY,
    initialized BOOLEAN     NOT NULL,
    categories  JSONB       NOT NULL DEFAULT '{}'::jsonb,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
