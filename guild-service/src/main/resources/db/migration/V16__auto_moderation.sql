-- A guild's auto moderation rules (/guilds/{id}/auto-moderation/rules). trigger_metadata and actions are
-- kept as the rule answers them (the trigger type's fields with their defaults; each action's metadata),
-- since nothing queries inside them and the enforcing service reads them whole.
CREATE TABLE auto_moderation_rules (
    id               BIGINT   PRIMARY KEY,
    guild_id         BIGINT   NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    name             TEXT     NOT NULL,
    creator_id       BIGINT   NOT NULL,
    event_type       SMALLINT NOT NULL,
    trigger_type     SMALLINT NOT NULL,
    trigger_metadata JSONB    NOT NULL,
    actions          JSONB    NOT NULL,
    enabled          BOOLEAN  NOT NULL DEFAULT false,
    exempt_roles     BIGINT[] NOT NULL DEFAULT '{}',
    exempt_channels  BIGINT[] NOT NULL DEFAULT '{}'
);

-- Listing a guild's rules, counting them per trigger type, and the enforcer's read of the enabled ones.
CREATE INDEX auto_moderation_rules_guild ON auto_moderation_rules (guild_id, trigger_type);

-- A guild's incidents data (the guild object's incidents_data): the pauses set by
-- PUT /guilds/{id}/incident-actions, and when a raid or DM spam was last detected (nothing detects them
-- yet; they stay null until something does).
ALTER TABLE guilds
    ADD COLUMN invites_disabled_until TIMESTAMPTZ,
    ADD COLUMN dms_disabled_until     TIMESTAMPTZ,
    ADD COLUMN raid_detected_at       TIMESTAMPTZ,
    ADD COLUMN dm_spam_detected_at    TIMESTAMPTZ;
