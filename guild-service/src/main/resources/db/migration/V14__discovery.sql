-- A guild's discovery settings (GET/PATCH /guilds/{id}/discovery-metadata); a guild without a row has the
-- platform's defaults. keywords, about and the guild's own name and description feed discovery search.
CREATE TABLE discovery_metadata (
    guild_id                      BIGINT      PRIMARY KEY REFERENCES guilds (id) ON DELETE CASCADE,
    primary_category_id           SMALLINT    NOT NULL DEFAULT 0,
    keywords                      TEXT[],
    emoji_discoverability_enabled BOOLEAN     NOT NULL DEFAULT true,
    is_published                  BOOLEAN     NOT NULL DEFAULT false,
    reasons_to_join               JSONB       NOT NULL DEFAULT '[]',
    social_links                  TEXT[],
    about                         TEXT,
    partner_actioned_timestamp    TIMESTAMPTZ,
    partner_application_timestamp TIMESTAMPTZ
);

-- A guild's subcategories (PUT/DELETE /guilds/{id}/discovery-categories/{category_id}), at most 5.
CREATE TABLE discovery_subcategories (
    guild_id    BIGINT   NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    category_id SMALLINT NOT NULL,
    PRIMARY KEY (guild_id, category_id)
);
