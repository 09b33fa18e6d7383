-- Guild core: guilds, their roles, channels with permission overwrites, members and invites.
-- Ids are snowflakes minted by the service. A member's roles live in the member row, so one row read
-- gives everything the permission engine needs of a member.

CREATE TABLE guilds (
    id                            bigint PRIMARY KEY,
    name                          text        NOT NULL,
    icon                          text,
    splash                        text,
    discovery_splash              text,
    banner                        text,
    description                   text,
    owner_id                      bigint      NOT NULL,
    afk_channel_id                bigint,
    afk_timeout                   integer     NOT NULL DEFAULT 300,
    widget_enabled                boolean     NOT NULL DEFAULT false,
    widget_channel_id             bigint,
    verification_level            smallint    NOT NULL DEFAULT 0,
    default_message_notifications smallint    NOT NULL DEFAULT 0,
    explicit_content_filter       smallint    NOT NULL DEFAULT 0,
    mfa_level                     smallint    NOT NULL DEFAULT 0,
    nsfw_level                    smallint    NOT NULL DEFAULT 0,
    features                      text[]      NOT NULL DEFAULT '{}',
    system_channel_id             bigint,
    system_channel_flags          integer     NOT NULL DEFAULT 0,
    rules_channel_id              bigint,
    public_updates_channel_id     bigint,
    safety_alerts_channel_id      bigint,
    premium_tier                  smallint    NOT NULL DEFAULT 0,
    premium_subscription_count    integer     NOT NULL DEFAULT 0,
    premium_progress_bar_enabled  boolean     NOT NULL DEFAULT false,
    preferred_locale              text        NOT NULL DEFAULT 'en-US',
    vanity_url_code               text,
    member_count                  integer     NOT NULL DEFAULT 0,
    created_at                    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
    id            bigint PRIMARY KEY,
    guild_id      bigint   NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    name          text     NOT NULL,
    color         integer  NOT NULL DEFAULT 0,
    hoist         boolean  NOT NULL DEFAULT false,
    icon          text,
    unicode_emoji text,
    position      integer  NOT NULL DEFAULT 0,
    permissions   bigint   NOT NULL DEFAULT 0,
    managed       boolean  NOT NULL DEFAULT false,
    mentionable   boolean  NOT NULL DEFAULT false,
    -- The platform's role tags (bot_id, integration_id, subscription_listing_id, ...), as sent.
    tags          jsonb,
    flags         integer  NOT NULL DEFAULT 0
);
CREATE INDEX roles_by_guild ON roles (guild_id);

CREATE TABLE channels (
    id                            bigint PRIMARY KEY,
    guild_id                      bigint   NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    type                          smallint NOT NULL,
    name                          text     NOT NULL,
    position                      integer  NOT NULL DEFAULT 0,
    parent_id                     bigint,
    topic                         text,
    nsfw                          boolean  NOT NULL DEFAULT false,
    bitrate                       integer,
    user_limit                    integer,
    rate_limit_per_user           integer  NOT NULL DEFAULT 0,
    rtc_region                    text,
    video_quality_mode            smallint,
    default_auto_archive_duration integer,
    flags                         integer  NOT NULL DEFAULT 0
);
CREATE INDEX channels_by_guild ON channels (guild_id);

CREATE TABLE permission_overwrites (
    channel_id bigint   NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    target_id  bigint   NOT NULL,
    type       smallint NOT NULL,
    allow      bigint   NOT NULL DEFAULT 0,
    deny       bigint   NOT NULL DEFAULT 0,
    PRIMARY KEY (channel_id, target_id)
);

CREATE TABLE members (
    guild_id                     bigint      NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    user_id                      bigint      NOT NULL,
    nick                         text,
    avatar                       text,
    role_ids                     bigint[]    NOT NULL DEFAULT '{}',
    joined_at                    timestamptz NOT NULL DEFAULT now(),
    premium_since                timestamptz,
    deaf                         boolean     NOT NULL DEFAULT false,
    mute                         boolean     NOT NULL DEFAULT false,
    pending                      boolean     NOT NULL DEFAULT false,
    communication_disabled_until timestamptz,
    flags                        integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
-- A user's guilds, in id order for GET /users/@me/guilds pagination.
CREATE INDEX members_by_user ON members (user_id, guild_id);

CREATE TABLE invites (
    code                  text PRIMARY KEY,
    guild_id              bigint      NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
    channel_id            bigint      NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    inviter_id            bigint,
    max_age               integer     NOT NULL,
    max_uses              integer     NOT NULL,
    uses                  integer     NOT NULL DEFAULT 0,
    temporary             boolean     NOT NULL DEFAULT false,
    target_type           smallint,
    target_user_id        bigint,
    target_application_id bigint,
    created_at            timestamptz NOT NULL DEFAULT now(),
    expires_at            timestamptz
);
CREATE INDEX invites_by_guild ON invites (guild_id);
CREATE INDEX invites_by_channel ON invites (channel_id);
