-- What friend suggestions are computed from, besides friends of friends (relationships): the accounts
-- users linked on other platforms, and the friend lists they imported from them (the ingestion path:
-- PUT /internal/users/{id}/platform-contacts/{platform}). An external account belongs to one user.
CREATE TABLE platform_accounts (
    platform    TEXT   NOT NULL,
    external_id TEXT   NOT NULL,
    user_id     BIGINT NOT NULL,
    name        TEXT   NOT NULL,
    PRIMARY KEY (platform, external_id)
);

CREATE INDEX platform_accounts_by_user ON platform_accounts (user_id, platform);

CREATE TABLE external_friends (
    user_id     BIGINT NOT NULL,
    platform    TEXT   NOT NULL,
    external_id TEXT   NOT NULL,
    name        TEXT   NOT NULL,
    PRIMARY KEY (user_id, platform, external_id)
);

-- Who has an external account among their imported friends: "the suggested user has you in contacts".
CREATE INDEX external_friends_by_account ON external_friends (platform, external_id);

-- A dismissed suggestion never comes back.
CREATE TABLE dismissed_friend_suggestions (
    user_id           BIGINT      NOT NULL,
    suggested_user_id BIGINT      NOT NULL,
    dismissed_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, suggested_user_id)
);
