-- The fence of the domain-event record (server/events/dispatch.ts) and of the organization's feed
-- (server/webhooks/feed.ts): events with a txid below it are final, since no transaction that could
-- still commit an event at an earlier position is running. pg_snapshot_xmin alone is the oldest
-- writing transaction of the whole PostgreSQL cluster, so another database's long write (another
-- app on a shared server, another test file) held every subscriber back. A transaction touches only
-- its own database: those of the snapshot known to run in another database are left out. One whose
-- database cannot be read (gone since, or another role's session) still counts.
CREATE FUNCTION quire_event_fence() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT min(running::text::bigint) FROM pg_snapshot_xip(snapshot) AS running
      WHERE NOT EXISTS (
        SELECT 1 FROM pg_stat_activity activity
        WHERE activity.datname <> current_database()
          AND activity.backend_xid::text::bigint = running::text::bigint % 4294967296)),
    pg_snapshot_xmax(snapshot)::text::bigint)
  FROM pg_current_snapshot() AS snapshot
$$;
