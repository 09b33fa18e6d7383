-- In-game relationships made through a game (the Social SDK), one row per side and application: a
-- request is the sender's OUTGOING (4) row and the target's INCOMING (3) row; accepting makes both
-- FRIEND (1). dm_access_type: the platform's value for a new relationship is 0, the only one it shows.
CREATE TABLE game_relationships (
    user_id        BIGINT      NOT NULL,
    target_id      BIGINT      NOT NULL,
    application_id BIGINT      NOT NULL,
    type           SMALLINT    NOT NULL CHECK (type IN (1, 3, 4)),
    since          TIMESTAMPTZ NOT NULL,
    dm_access_type SMALLINT    NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, application_id, target_id)
);

-- A user's relationships with one other user across all applications (DELETE without an application).
CREATE INDEX game_relationships_pair ON game_relationships (user_id, target_id);
