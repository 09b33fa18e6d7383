-- A message's poll as sent: question, numbered answers, expiry, multiselect, layout. Votes are rows of
-- their own, counted when the poll is read. A poll its author ends early gets its expiry moved to then.
ALTER TABLE messages ADD COLUMN poll jsonb;

CREATE TABLE poll_votes (
    message_id BIGINT   NOT NULL,
    user_id    BIGINT   NOT NULL,
    answer_id  SMALLINT NOT NULL,
    channel_id BIGINT   NOT NULL,
    PRIMARY KEY (message_id, user_id, answer_id)
);

-- An answer's voters, in id order, for GET /channels/{id}/polls/{message.id}/answers/{answer.id}.
CREATE INDEX poll_votes_by_answer ON poll_votes (message_id, answer_id, user_id);
