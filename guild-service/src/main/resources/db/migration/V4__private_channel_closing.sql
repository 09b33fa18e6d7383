-- A recipient who closed a DM of two: it leaves their channel list until it is opened again, by them or
-- by a new message in it. Group DMs are left, not closed.
ALTER TABLE private_channel_recipients ADD COLUMN closed boolean NOT NULL DEFAULT false;
