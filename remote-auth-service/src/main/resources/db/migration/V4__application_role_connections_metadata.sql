-- What an application's role connections declare (PUT /applications/{id}/role-connections/metadata): up to
-- five records {type, key, name, name_localizations?, description, description_localizations?}, which guild
-- admins compare a user's connection against. Replaced whole by each PUT.
ALTER TABLE applications ADD COLUMN role_connections_metadata jsonb NOT NULL DEFAULT '[]'::jsonb;
