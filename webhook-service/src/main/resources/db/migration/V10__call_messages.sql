-- A DM call's system message (type 3 CALL): who took part and when it ended, as the message's `call` shows.
-- The message is posted as the call starts (guild-service's CALL_CREATE names its id); joins add to the
-- participants and the call's end sets ended_at. At most one call of a channel is open (not ended).
CREATE TABLE message_calls (
    channel_id   BIGINT      NOT NULL,
    message_id   BIGINT      NOT NULL,
    participants BIGINT[]    NOT NULL,
    ended_at     TIMESTAMPTZ,
    PRIMARY KEY (message_id),
    -- Checked at commit: the call's row is written before its message, so the message's MESSAGE_CREATE,
    -- composed in the same transaction, shows the call.
    FOREIGN KEY (channel_id, message_id) REFERENCES messages (channel_id, id) ON DELETE CASCADE
        DEFERRABLE INITIALLY DEFERRED
);

CREATE UNIQUE INDEX message_calls_open ON message_calls (channel_id) WHERE ended_at IS NULL;
CREATE INDEX message_calls_by_message ON message_calls (channel_id, message_id);
