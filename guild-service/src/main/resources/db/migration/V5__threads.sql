-- Threads (issue 18): channels of types 10 (announcement thread), 11 (public) and 12 (private) under a
-- text, announcement or forum channel. Kept apart from channels: they have no overwrites or position,
-- they have fields of their own, and a guild gathers far more of them (archived ones stay) than it has
-- channels, which guild channel lists, snapshots and GUILD_CREATE read whole.
CREATE TABLE threads (
    id                    bigint PRIMARY KEY,
    guild_id              bigint      NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    parent_id             bigint      NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    type                  smallint    NOT NULL,
    name                  text        NOT NULL,
    owner_id              bigint      NOT NULL,
    rate_limit_per_user   integer     NOT NULL DEFAULT 0,
    flags                 integer     NOT NULL DEFAULT 0,
    applied_tags          bigint[]    NOT NULL DEFAULT '{}',
    archived              boolean     NOT NULL DEFAULT false,
    auto_archive_duration integer     NOT NULL,
    -- When archived last changed (the platform's archive_timestamp; creation until then).
    archive_timestamp     timestamptz NOT NULL,
    locked                boolean     NOT NULL DEFAULT false,
    invitable             boolean,
    create_timestamp      timestamptz NOT NULL,
    last_message_id       bigint,
    message_count         integer     NOT NULL DEFAULT 0,
    total_message_sent    integer     NOT NULL DEFAULT 0,
    member_count          integer     NOT NULL DEFAULT 0,
    -- Last activity plus auto_archive_duration: when the sweep archives an open thread nobody wrote in.
    archive_due_at        timestamptz NOT NULL
);

-- A guild's open threads (GUILD_CREATE, the active list, snapshots).
CREATE INDEX threads_open_by_guild ON threads (guild_id) WHERE NOT archived;
-- The archive sweep: open threads by when they fall due.
CREATE INDEX threads_archive_due ON threads (archive_due_at) WHERE NOT archived;
-- A channel's archived threads, newest archive first, for the archived lists' pages.
CREATE INDEX threads_archived_by_parent ON threads (parent_id, archive_timestamp DESC) WHERE archived;

CREATE TABLE thread_members (
    thread_id      bigint      NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    user_id        bigint      NOT NULL,
    join_timestamp timestamptz NOT NULL,
    flags          integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (thread_id, user_id)
);

-- A user's threads (the joined private archived list, a member leaving the guild).
CREATE INDEX thread_members_by_user ON thread_members (user_id);
