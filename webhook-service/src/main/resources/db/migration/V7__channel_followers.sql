-- A channel follower webhook (type 2) posts what an announcement channel publishes: the followed channel
-- and its guild, with the names and icon they had when followed, as the webhook object shows them.
ALTER TABLE webhooks
    ADD COLUMN source_guild_id     BIGINT,
    ADD COLUMN source_guild_name   TEXT,
    ADD COLUMN source_guild_icon   TEXT,
    ADD COLUMN source_channel_id   BIGINT,
    ADD COLUMN source_channel_name TEXT;

-- A published message goes to the webhooks following its channel.
CREATE INDEX webhooks_by_source_channel ON webhooks (source_channel_id) WHERE source_channel_id IS NOT NULL;
