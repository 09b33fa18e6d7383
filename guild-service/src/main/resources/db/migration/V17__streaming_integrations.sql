-- Issue 21: a guild's livestream (twitch) and video-site (youtube) integrations share the integrations
-- table with applications. Their subscriber role is a managed role whose tags name the integration; each
-- sync records which members hold it because they subscribe, and when one stopped, so the grace period
-- runs from then.
ALTER TABLE integrations
    ADD COLUMN role_id             bigint,
    ADD COLUMN syncing             boolean NOT NULL DEFAULT false,
    ADD COLUMN enable_emoticons    boolean NOT NULL DEFAULT false,
    ADD COLUMN expire_behavior     integer NOT NULL DEFAULT 0,
    ADD COLUMN expire_grace_period integer NOT NULL DEFAULT 1,
    ADD COLUMN synced_at           timestamptz,
    ADD COLUMN subscriber_count    integer NOT NULL DEFAULT 0,
    ADD COLUMN revoked             boolean NOT NULL DEFAULT false;

-- One integration per streaming account per guild.
CREATE UNIQUE INDEX integrations_account_key ON integrations (guild_id, type, account_id)
    WHERE application_id IS NULL;

-- Members who hold an integration's subscriber role through it. lapsed_at: when a sync first found them
-- no longer subscribed (null while they subscribe).
CREATE TABLE integration_subscribers (
    integration_id bigint      NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
    user_id        bigint      NOT NULL,
    lapsed_at      timestamptz,
    PRIMARY KEY (integration_id, user_id)
);
