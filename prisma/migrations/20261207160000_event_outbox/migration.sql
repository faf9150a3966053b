-- The domain-event record as an ordered outbox. Position = (txid, seq), as organization_events has:
-- the writing transaction's id, then the insert order. Subscribers (server/events/dispatch.ts) read
-- it in that order, only below the oldest running transaction (pg_snapshot_xmin), where no position
-- can still appear behind what they have read. Existing rows all get this migration's txid.
ALTER TABLE "domain_events"
  ADD COLUMN "txid" BIGINT NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  ADD COLUMN "seq" BIGSERIAL NOT NULL;
CREATE INDEX "domain_events_position_idx" ON "domain_events" ("txid", "seq");

-- How far each subscriber has read the record: the position of the last event it took (or a fence
-- every earlier position is below). Its row is locked while a batch is worked, so one app server
-- at a time works a subscriber.
CREATE TABLE "event_subscriber_cursors" (
  "subscriber" TEXT PRIMARY KEY,
  "txid" BIGINT NOT NULL,
  "seq" BIGINT NOT NULL
);

-- The subscribers of today start after the existing record: what it holds already happened.
INSERT INTO "event_subscriber_cursors" ("subscriber", "txid", "seq")
SELECT name, pg_current_xact_id()::text::bigint, COALESCE((SELECT max("seq") FROM "domain_events"), 0)
FROM unnest(ARRAY['integrations', 'live', 'notifications']) AS name;
