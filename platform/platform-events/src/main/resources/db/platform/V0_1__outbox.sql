-- Events waiting to be published, written in the same transaction as the change they describe.
-- The relay publishes them in id order and deletes them; the table is normally empty.
CREATE TABLE outbox (
    id         BIGSERIAL PRIMARY KEY,
    topic      TEXT        NOT NULL,
    event_key  TEXT        NOT NULL,
    payload    TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Wakes the relay at commit (never for a rolled-back insert), so publishing takes milliseconds, not a poll.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox', '');
    RETURN NULL;
END;
$$;

CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();

-- Events this service has already handled, so a redelivered event changes nothing.
CREATE TABLE processed_events (
    event_id     BIGINT PRIMARY KEY,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
