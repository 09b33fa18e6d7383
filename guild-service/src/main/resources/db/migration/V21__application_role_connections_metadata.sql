-- An application's role connection metadata (APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE on identity.events),
-- for its integrations' role_connections_metadata.
ALTER TABLE application_owners ADD COLUMN role_connections_metadata jsonb NOT NULL DEFAULT '[]'::jsonb;
