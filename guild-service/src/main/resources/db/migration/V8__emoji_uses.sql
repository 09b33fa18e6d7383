-- How often each guild emoji was used in the guild's messages (issue 20), for GET /guilds/{id}/top-emojis.
-- Counted from MESSAGE_CREATE on webhook.events; an emoji's counts go with it.
CREATE TABLE emoji_uses (
    guild_id     bigint      NOT NULL,
    emoji_id     bigint      NOT NULL REFERENCES emojis (id) ON DELETE CASCADE,
    uses         bigint      NOT NULL,
    last_used_at timestamptz NOT NULL,
    PRIMARY KEY (guild_id, emoji_id)
);

CREATE INDEX emoji_uses_ranking ON emoji_uses (guild_id, uses DESC, last_used_at DESC);
