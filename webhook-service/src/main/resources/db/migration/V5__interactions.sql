-- The application a message belongs to: its bot's, its application webhook's, or the interaction response
-- it is. A component on it sends interactions to that application. interaction_metadata is the
-- interaction a response or follow-up answers, as clients read it.
ALTER TABLE messages
    ADD COLUMN application_id BIGINT,
    ADD COLUMN interaction_metadata jsonb;

-- A person's use of a component, for the 15 minutes its token works. token_hash is SHA-256 of the token
-- (the token itself is never kept). response_type is the callback's type once answered (at most once,
-- within the response deadline); original_message_id the message the response made or, for an update,
-- the message the component is on; failed once the deadline passed unanswered. author_* is who the
-- answers show as their author (the bot, or the application by name), known once it is delivered.
CREATE TABLE interactions (
    id                  BIGINT      PRIMARY KEY,
    application_id      BIGINT      NOT NULL,
    token_hash          BYTEA       NOT NULL,
    type                SMALLINT    NOT NULL,
    user_id             BIGINT      NOT NULL,
    channel_id          BIGINT      NOT NULL,
    guild_id            BIGINT,
    message_id          BIGINT      NOT NULL,
    nonce               TEXT,
    author_id           BIGINT,
    author_name         TEXT,
    author_avatar       TEXT,
    response_type       SMALLINT,
    original_message_id BIGINT,
    failed              BOOLEAN     NOT NULL DEFAULT false,
    created_at          TIMESTAMPTZ NOT NULL
);

-- The sweep of spent interactions reads them oldest first.
CREATE INDEX interactions_created_at ON interactions (created_at);
