-- The applications of identity.events as presence shows them: GET /presences and the statistics list the
-- partial application of each game, and POST /presences finds a launcher's game by its store package.
CREATE TABLE application_replica (
    id               BIGINT PRIMARY KEY,
    -- The partial application object as responses carry it (id, name, icon, description, type, cover_image, flags).
    partial          JSONB  NOT NULL,
    -- The application's third_party_skus ([{"id", "sku", "distributor"}]), where a store's package names it.
    third_party_skus JSONB  NOT NULL DEFAULT '[]',
    last_event_id    BIGINT NOT NULL
);

CREATE INDEX application_replica_skus ON application_replica USING gin (third_party_skus jsonb_path_ops);
