-- Stage instances: a stage channel is live while it has one. invite_code is the invite a public instance
-- was given (deleted with it); guild_scheduled_event_id the event it holds, made ACTIVE when it opened.
-- start_notification: whether its opening was to notify everyone (asked, and the moderator held
-- MENTION_EVERYONE), for whatever sends notifications.
CREATE TABLE stage_instances (
    id                       BIGINT PRIMARY KEY,
    guild_id                 BIGINT      NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    channel_id               BIGINT      NOT NULL UNIQUE,
    topic                    TEXT        NOT NULL,
    privacy_level            SMALLINT    NOT NULL,
    invite_code              TEXT,
    guild_scheduled_event_id BIGINT,
    start_notification       BOOLEAN     NOT NULL,
    created_at               TIMESTAMPTZ NOT NULL
);

CREATE INDEX stage_instances_guild ON stage_instances (guild_id);
