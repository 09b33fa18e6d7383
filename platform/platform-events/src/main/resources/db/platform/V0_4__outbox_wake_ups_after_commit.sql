-- The relay is woken after commit by the service (OutboxWakeUps), no longer by a NOTIFY inside every
-- writing transaction: PostgreSQL serializes the commits of notifying transactions, flush included.
DROP TRIGGER outbox_notify ON outbox;
DROP FUNCTION outbox_notify();
