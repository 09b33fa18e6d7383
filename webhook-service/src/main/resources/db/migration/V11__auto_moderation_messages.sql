-- Auto moderation's own messages (type 24: alerts and incident notifications) found by guild and id alone:
-- POST /guilds/{id}/auto-moderation/false-alarm names only the message. Partial, so it costs nothing for
-- the messages people write.
CREATE INDEX messages_auto_moderation ON messages (guild_id, id) WHERE type = 24;
