-- An application's deletion finds the group DMs it was added to by application: without this index that
-- read scans every group DM's integrations.
CREATE INDEX private_channel_integrations_application ON private_channel_integrations (application_id);
