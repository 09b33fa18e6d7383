-- Applications added to a group DM (type 3) through OAuth2 with applications.commands and a channel_id,
-- as the platform's "add app to group DM" does: their commands may then be used there. No bot joins the
-- group; the row records what the channel's integrations list shows. It goes with the channel.
CREATE TABLE private_channel_integrations (
    id             bigint      PRIMARY KEY,
    channel_id     bigint      NOT NULL REFERENCES private_channels (id) ON DELETE CASCADE,
    application_id bigint      NOT NULL,
    -- {"id", "name", "icon", "description", "bot_id"?} as of the last authorization.
    application    jsonb       NOT NULL,
    scopes         text[]      NOT NULL,
    -- The recipient who authorized it last.
    user_id        bigint      NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    -- One per application per group DM: authorizing again updates it.
    UNIQUE (channel_id, application_id)
);
