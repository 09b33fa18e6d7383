-- When a live stage last had a speaker, and an active stage or voice event anyone in its channel: the
-- platform ends a stage nobody has spoken on, and an event nobody is at, a few minutes on.
ALTER TABLE stage_instances ADD COLUMN speaker_seen_at TIMESTAMPTZ;
UPDATE stage_instances SET speaker_seen_at = created_at;
ALTER TABLE stage_instances ALTER COLUMN speaker_seen_at SET NOT NULL;

ALTER TABLE scheduled_events ADD COLUMN attended_at TIMESTAMPTZ;
