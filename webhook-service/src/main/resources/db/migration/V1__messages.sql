-- Messages of guild channels and DMs. The id is a snowflake, so its time is the message's timestamp and
-- (channel_id, id) orders a channel's messages: every page of GET /channels/{id}/messages is one range
-- scan of the primary key.
CREATE TABLE messages (
    channel_id        bigint      NOT NULL,
    id                bigint      NOT NULL,
    guild_id          bigint,
    author_id         bigint      NOT NULL,
    webhook_id        bigint,
    type              smallint    NOT NULL DEFAULT 0,
    content           text        NOT NULL DEFAULT '',
    tts               boolean     NOT NULL DEFAULT false,
    flags             integer     NOT NULL DEFAULT 0,
    mention_everyone  boolean     NOT NULL DEFAULT false,
    mention_ids       bigint[]    NOT NULL DEFAULT '{}',
    mention_role_ids  bigint[]    NOT NULL DEFAULT '{}',
    -- The embeds and attachments as sent back to clients (arrays of the platform's objects).
    embeds            jsonb       NOT NULL DEFAULT '[]',
    attachments       jsonb       NOT NULL DEFAULT '[]',
    -- A reply's {"message_id", "channel_id", "guild_id", "type"}.
    message_reference jsonb,
    nonce             text,
    pinned            boolean     NOT NULL DEFAULT false,
    edited_at         timestamptz,
    PRIMARY KEY (channel_id, id)
);
-- enforce_nonce: an author's recent message with the same nonce is answered instead of a new one.
CREATE INDEX messages_by_nonce ON messages (author_id, nonce) WHERE nonce IS NOT NULL;
