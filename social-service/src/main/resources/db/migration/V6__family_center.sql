-- Family Center: links between a requestor (parent) and a linked user (teen), the single-use codes a
-- teen shows as a QR code, and the teen's weekly activity, recorded from other services' events.

-- At most one live code per user: asking for a new one replaces the old. Only a SHA-256 of the code is
-- kept, so a database read does not hand out codes that still work.
CREATE TABLE family_link_codes (
    user_id    BIGINT      PRIMARY KEY,
    code_hash  BYTEA       NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- One row per (requestor, linked user) pair; a new request after a rejection or a disconnection reuses it.
-- link_status: 1 requested, 2 connected, 3 disconnected, 4 rejected.
CREATE TABLE family_links (
    requestor_id BIGINT      NOT NULL,
    user_id      BIGINT      NOT NULL,
    link_status  SMALLINT    NOT NULL CHECK (link_status BETWEEN 1 AND 4),
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (requestor_id, user_id),
    CHECK (requestor_id <> user_id)
);

CREATE INDEX family_links_user ON family_links (user_id);

-- What a connected teen did in the last 7 days: one row per (teen, action type, entity), holding the
-- latest event, so a busy chat is one row, not one per message. No message content, ever: only ids.
CREATE TABLE family_actions (
    user_id      BIGINT      NOT NULL,
    display_type SMALLINT    NOT NULL CHECK (display_type BETWEEN 1 AND 5),
    entity_id    BIGINT      NOT NULL,
    event_id     BIGINT      NOT NULL,
    occurred_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, display_type, entity_id)
);

CREATE INDEX family_actions_occurred_at ON family_actions (occurred_at);

-- Names and icons of guilds, from guild.events, for the guilds an audit log refers to.
CREATE TABLE family_guilds (
    id            BIGINT PRIMARY KEY,
    name          TEXT,
    icon          TEXT,
    last_event_id BIGINT NOT NULL
);
