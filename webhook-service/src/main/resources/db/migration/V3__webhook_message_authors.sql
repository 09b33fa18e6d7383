-- A webhook's message shows the name and avatar it was sent with (the webhook's, or the execution's
-- username and avatar_url), kept with the message: renaming the webhook later does not rename it.
ALTER TABLE messages ADD COLUMN author_name text, ADD COLUMN author_avatar text;
