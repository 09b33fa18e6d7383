-- Several consumers in one service may read the same topic (social-service keeps guild memberships and
-- Family Center activity from guild.events): each must see every event, so an event is processed once
-- per consumer, not once per service. Rows from before have consumer '' and match no consumer.
ALTER TABLE processed_events ADD COLUMN consumer TEXT NOT NULL DEFAULT '';
ALTER TABLE processed_events DROP CONSTRAINT processed_events_pkey;
ALTER TABLE processed_events ADD PRIMARY KEY (consumer, event_id);
