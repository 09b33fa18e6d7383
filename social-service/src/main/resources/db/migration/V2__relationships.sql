-- One row per side of a relationship: (user_id, target_id) is how user_id sees target_id. A friend
-- request is two rows, OUTGOING_REQUEST (4) for the sender and INCOMING_REQUEST (3) for the target;
-- friends are two FRIEND (1) rows; a block is one BLOCKED (2) row, the blocker's. NONE (0) rows exist
-- only to carry user_ignored for a user with no other relationship.
CREATE TABLE relationships (
    user_id               BIGINT      NOT NULL,
    target_id             BIGINT      NOT NULL,
    type                  SMALLINT    NOT NULL CHECK (type BETWEEN 0 AND 5),
    nickname              TEXT,
    user_ignored          BOOLEAN     NOT NULL DEFAULT false,
    is_spam_request       BOOLEAN     NOT NULL DEFAULT false,
    stranger_request      BOOLEAN     NOT NULL DEFAULT false,
    origin_application_id BIGINT,
    since                 TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, target_id),
    CHECK (user_id <> target_id),
    CHECK (type = 1 OR nickname IS NULL)
);

-- Who has a relationship with a user (a user's own rows are found by the primary key).
CREATE INDEX relationships_by_target ON relationships (target_id);

-- A user's relationship list as a whole changes version whenever one of their rows changes or a user it
-- shows changes in the user replica: a cached rendering of the list is good while its version stands.
CREATE TABLE relationship_lists (
    user_id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 1
);

CREATE FUNCTION bump_relationship_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'relationships' THEN
        INSERT INTO relationship_lists AS l (user_id)
        SELECT DISTINCT user_id FROM changed_rows
        ON CONFLICT (user_id) DO UPDATE SET version = l.version + 1;
    ELSE
        UPDATE relationship_lists l SET version = l.version + 1
        WHERE l.user_id IN (SELECT r.user_id FROM relationships r JOIN changed_rows c ON r.target_id = c.id);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER relationships_inserted AFTER INSERT ON relationships
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_relationship_lists();
CREATE TRIGGER relationships_updated AFTER UPDATE ON relationships
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_relationship_lists();
CREATE TRIGGER relationships_deleted AFTER DELETE ON relationships
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_relationship_lists();
CREATE TRIGGER user_replica_inserted AFTER INSERT ON user_replica
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_relationship_lists();
CREATE TRIGGER user_replica_updated AFTER UPDATE ON user_replica
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_relationship_lists();

-- Guild memberships copied from guild.events: mutual guilds decide stranger requests and friend
-- source flags.
CREATE TABLE guild_members (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE INDEX guild_members_by_user ON guild_members (user_id, guild_id);
