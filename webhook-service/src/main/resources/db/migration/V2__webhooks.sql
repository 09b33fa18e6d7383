-- Webhooks of guild channels. The token is kept as issued: the platform shows an incoming webhook's
-- token (and its URL) again to whoever may manage it, so it cannot be stored as a one-way hash; it is
-- compared in constant time.
CREATE TABLE webhooks (
    id             bigint   PRIMARY KEY,
    -- 1 incoming, 2 channel follower, 3 application (interactions)
    type           smallint NOT NULL,
    guild_id       bigint   NOT NULL,
    channel_id     bigint   NOT NULL,
    -- Who made it (none once made by the platform itself) and the application it belongs to, if any.
    creator_id     bigint,
    application_id bigint,
    name           text     NOT NULL,
    -- The avatar's hash; its bytes are in the blob store under avatar-<id>-<hash>.
    avatar         text,
    token          text
);
CREATE INDEX webhooks_by_channel ON webhooks (channel_id);
CREATE INDEX webhooks_by_guild ON webhooks (guild_id);
