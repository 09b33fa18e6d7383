-- Reactions: one row a person's reaction with one emoji to a message. A custom emoji is keyed by its id
-- (its name and whether it is animated kept as they were when added), a Unicode one by itself. seq orders a
-- message's emoji as first added. They go with their message.
CREATE TABLE message_reactions (
    channel_id     BIGINT  NOT NULL,
    message_id     BIGINT  NOT NULL,
    emoji_key      TEXT    NOT NULL,
    user_id        BIGINT  NOT NULL,
    emoji_id       BIGINT,
    emoji_name     TEXT    NOT NULL,
    emoji_animated BOOLEAN NOT NULL DEFAULT false,
    seq            BIGINT  GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (message_id, emoji_key, user_id),
    FOREIGN KEY (channel_id, message_id) REFERENCES messages (channel_id, id) ON DELETE CASCADE
);

-- The foreign key's own lookups when messages are deleted.
CREATE INDEX message_reactions_by_message ON message_reactions (channel_id, message_id);
