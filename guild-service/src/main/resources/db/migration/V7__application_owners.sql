-- Who owns each application (issue 20): from identity.events, for the application emoji endpoints, which
-- the owner (a user token) and the application's bot (a bot token) may use.
CREATE TABLE application_owners (
    id            bigint PRIMARY KEY,
    owner_id      bigint NOT NULL,
    last_event_id bigint NOT NULL
);
