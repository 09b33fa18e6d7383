-- An application's name, for an application emoji's source (GET /emojis/{id}/source). Filled by the next
-- APPLICATION_CREATE or APPLICATION_UPDATE; identity.events is read from its start, so replays fill it.
ALTER TABLE application_owners ADD COLUMN name text NOT NULL DEFAULT '';
