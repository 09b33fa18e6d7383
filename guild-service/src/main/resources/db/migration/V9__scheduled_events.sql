-- Guild scheduled events: a stage, voice or external event a guild announces. channel_id is the stage or
-- voice channel (its deletion takes the event, with GUILD_SCHEDULED_EVENT_DELETE); location an external
-- event's place. status: 1 SCHEDULED, 2 ACTIVE, 3 COMPLETED, 4 CANCELED.
CREATE TABLE scheduled_events (
    id              BIGINT PRIMARY KEY,
    guild_id        BIGINT      NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    channel_id      BIGINT,
    creator_id      BIGINT,
    name            TEXT        NOT NULL,
    description     TEXT,
    image           TEXT,
    start_time      TIMESTAMPTZ NOT NULL,
    end_time        TIMESTAMPTZ,
    privacy_level   SMALLINT    NOT NULL,
    status          SMALLINT    NOT NULL,
    entity_type     SMALLINT    NOT NULL,
    entity_id       BIGINT,
    location        TEXT,
    recurrence_rule JSONB
);

-- A guild's events not yet over: listed, counted against the guild's 100, sent in GUILD_CREATE.
CREATE INDEX scheduled_events_open ON scheduled_events (guild_id, start_time) WHERE status IN (1, 2);
CREATE INDEX scheduled_events_channel ON scheduled_events (channel_id) WHERE channel_id IS NOT NULL;
-- What the status sweep looks for: scheduled events due to start (or long overdue), external ones due to end.
CREATE INDEX scheduled_events_due ON scheduled_events (start_time) WHERE status = 1;
CREATE INDEX scheduled_events_ending ON scheduled_events (end_time) WHERE status = 2 AND entity_type = 3;

-- Who is interested in an event (the platform's RSVP), in user id order for its pages.
CREATE TABLE scheduled_event_users (
    event_id   BIGINT      NOT NULL REFERENCES scheduled_events (id) ON DELETE CASCADE,
    user_id    BIGINT      NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (event_id, user_id)
);
