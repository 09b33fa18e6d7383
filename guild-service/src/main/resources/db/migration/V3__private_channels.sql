-- DMs (type 1) and group DMs (type 3): channels outside any guild, between their recipients. Their
-- messages live in webhook-service with every other message.
CREATE TABLE private_channels (
    id       bigint PRIMARY KEY,
    type     smallint NOT NULL,
    owner_id bigint,
    name     text,
    icon     text
);

CREATE TABLE private_channel_recipients (
    channel_id bigint NOT NULL REFERENCES private_channels (id) ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    PRIMARY KEY (channel_id, user_id)
);
-- A user's DMs, for GET /users/@me/channels.
CREATE INDEX private_channel_recipients_by_user ON private_channel_recipients (user_id, channel_id);

-- The one DM between two users, lower id first: opening it again answers the same channel.
CREATE TABLE direct_message_pairs (
    low_user_id  bigint NOT NULL,
    high_user_id bigint NOT NULL,
    channel_id   bigint NOT NULL REFERENCES private_channels (id) ON DELETE CASCADE,
    PRIMARY KEY (low_user_id, high_user_id)
);
