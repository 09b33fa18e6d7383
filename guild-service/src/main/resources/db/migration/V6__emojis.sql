-- Custom emoji (issue 20): a guild's, or an application's (guild_id null). The image lives in the blob
-- store under the emoji's id; its format (png, jpeg, gif, webp) says which, and the CDN address's extension.
CREATE TABLE emojis (
    id             bigint PRIMARY KEY,
    guild_id       bigint REFERENCES guilds (id) ON DELETE CASCADE,
    application_id bigint,
    name           text        NOT NULL,
    role_ids       bigint[]    NOT NULL DEFAULT '{}',
    -- Who uploaded it: the user field of the emoji object.
    user_id        bigint      NOT NULL,
    animated       boolean     NOT NULL,
    -- An emoji with subscription roles: counted in the premium bucket, never converted after creation.
    premium        boolean     NOT NULL DEFAULT false,
    available      boolean     NOT NULL DEFAULT true,
    format         text        NOT NULL,
    created_at     timestamptz NOT NULL,
    CHECK ((guild_id IS NULL) <> (application_id IS NULL))
);

CREATE INDEX emojis_by_guild ON emojis (guild_id, id) WHERE guild_id IS NOT NULL;
-- An application's emoji have unique names (the platform's rule), and are listed by application.
CREATE UNIQUE INDEX emojis_application_name ON emojis (application_id, name) WHERE application_id IS NOT NULL;
