-- Partial users copied from identity.events. last_event_id keeps a late, older event from overwriting
-- a newer one (event ids are snowflakes, so they order by time).
CREATE TABLE user_replica (
    id            BIGINT PRIMARY KEY,
    username      TEXT    NOT NULL,
    discriminator TEXT    NOT NULL DEFAULT '0',
    global_name   TEXT,
    avatar        TEXT,
    public_flags  INTEGER NOT NULL DEFAULT 0,
    bot           BOOLEAN NOT NULL DEFAULT false,
    last_event_id BIGINT  NOT NULL
);

CREATE INDEX user_replica_username ON user_replica (lower(username));
