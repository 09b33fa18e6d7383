-- Directory entries: a guild (type 0) or scheduled event (type 1) listed in a hub's directory channel.
-- guild_id is the hub's (the directory channel's guild); entity_id the guild or event listed.
CREATE TABLE directory_entries (
    directory_channel_id BIGINT      NOT NULL,
    guild_id             BIGINT      NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    entity_id            BIGINT      NOT NULL,
    type                 SMALLINT    NOT NULL,
    primary_category_id  SMALLINT    NOT NULL,
    description          TEXT,
    author_id            BIGINT      NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (directory_channel_id, entity_id)
);

-- Whether an entity is listed anywhere (a guild's broadcast info).
CREATE INDEX directory_entries_entity ON directory_entries (type, entity_id);
