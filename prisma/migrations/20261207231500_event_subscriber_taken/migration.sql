-- The events a subscriber that needs no record order took above the fence, ahead of its cursor
-- (server/events/dispatch.ts): later reads skip them, and they are deleted once the cursor passes
-- them. A subscriber's cursor row going takes them along.
CREATE TABLE "event_subscriber_taken" (
  "subscriber" TEXT NOT NULL REFERENCES "event_subscriber_cursors" ("subscriber") ON DELETE CASCADE,
  "txid" BIGINT NOT NULL,
  "seq" BIGINT NOT NULL,
  PRIMARY KEY ("subscriber", "txid", "seq")
);
