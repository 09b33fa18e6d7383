-- A guild's integrations. Today the platform's own kind ("discord"): an application added to the guild
-- through OAuth2, with its bot and the scopes granted. Livestream and video-site integrations (issue 21)
-- fill the same table with their provider's account.
CREATE TABLE integrations (
    id             bigint PRIMARY KEY,
    guild_id       bigint      NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    type           text        NOT NULL,
    name           text        NOT NULL,
    enabled        boolean     NOT NULL DEFAULT true,
    account_id     text        NOT NULL,
    account_name   text        NOT NULL,
    -- For applications: {"id", "name", "icon", "description", "bot_id"} as of the last authorization.
    application_id bigint,
    application    jsonb,
    scopes         text[]      NOT NULL DEFAULT '{}',
    -- Who added it.
    user_id        bigint,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integrations_by_guild ON integrations (guild_id);
-- One integration per application per guild: authorizing again updates it.
CREATE UNIQUE INDEX integrations_application_key ON integrations (guild_id, application_id)
    WHERE application_id IS NOT NULL;
