-- Issue 21: streaming integrations sync on their own, as the platform's do, so that subscribers who
-- stopped lose the role (or the guild) once their grace period is over without a manager's sync.
-- next_sync_at: when the sweep next syncs it; null until the first sweep, which counts from the last sync
-- (or the creation). The sweep claims due rows with SKIP LOCKED, so replicas share the work.
ALTER TABLE integrations ADD COLUMN next_sync_at timestamptz;
