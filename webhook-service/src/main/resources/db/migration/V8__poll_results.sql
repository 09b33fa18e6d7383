-- When a message's poll ends (its expiry also in the poll's JSON, kept here to be found by an index), and
-- whether its result message was posted: the sweep posts one for each poll that ended without one.
ALTER TABLE messages
    ADD COLUMN poll_expiry         TIMESTAMPTZ,
    ADD COLUMN poll_results_posted BOOLEAN NOT NULL DEFAULT false;

CREATE INDEX messages_polls_to_end ON messages (poll_expiry) WHERE poll_expiry IS NOT NULL AND NOT poll_results_posted;
