import type pg from "pg";
import { legacyBlockKeys, MAX_KEYED_BLOCKS } from "./format/block-keys";
import { markdownPool, READ_BUDGET_MS } from "../markdown/markdown-pool";

/** Versions keyed per statement: each batch is its own short write, whatever the install's size. */
const BATCH = 200;

/**
 * Gives every stored page version written before block keys its `blockKeys`: one per block of
 * its body, derived from its page and the block's position (`legacyBlockKeys`), so that all
 * the legacy versions of a page agree and commits carry the keys on from any of them. A body
 * that cannot be read within the read budget keys the one block it is read as.
 *
 * Versions are content-addressed, yet the key list is added in place, under the hash the version
 * was first written with: the hash names that version (revisions' tries point at it), and the
 * keys are what a read of it derives anyway, so adding them changes nothing anyone reads; a new
 * write of the same version without keys hashes to it and finds it keyed.
 *
 * Idempotent (only versions without keys are read), in batches by primary key.
 */
export async function migrateBlockKeys(client: pg.Client, batch = BATCH): Promise<number> {
  let after = { space: "", hash: "" };
  let migrated = 0;
  for (;;) {
    const { rows } = await client.query<{ space_id: string; hash: string; page_id: string; body: string }>(
      `SELECT o.space_id, o.hash, o.data->>'id' AS page_id, b.body
       FROM content_objects o JOIN content_bodies b ON b.space_id = o.space_id AND b.hash = o.data->>'body'
       WHERE (o.space_id, o.hash) > ($1, $2) AND o.data ? 'body' AND o.data ? 'slug' AND NOT o.data ? 'blockKeys'
       ORDER BY o.space_id, o.hash
       LIMIT $3`,
      [after.space, after.hash, batch],
    );
    if (rows.length === 0) return migrated;
    const counts = await markdownPool().map("blockCount", rows.map((row) => row.body), READ_BUDGET_MS);
    const keys = rows.map((row, index) => {
      const count = counts[index]!;
      // Past MAX_KEYED_BLOCKS none are stored (an empty list still marks the version done): reads derive them all.
      const blocks = count.ok ? count.value : 1;
      return JSON.stringify(blocks > MAX_KEYED_BLOCKS ? [] : legacyBlockKeys(row.page_id, blocks));
    });
    await client.query(
      `UPDATE content_objects o SET data = o.data || jsonb_build_object('blockKeys', t.keys::jsonb)
       FROM unnest($1::text[], $2::text[], $3::text[]) AS t(space_id, hash, keys)
       WHERE o.space_id = t.space_id AND o.hash = t.hash AND NOT o.data ? 'blockKeys'`,
      [rows.map((row) => row.space_id), rows.map((row) => row.hash), keys],
    );
    migrated += rows.length;
    const last = rows[rows.length - 1]!;
    after = { space: last.space_id, hash: last.hash };
  }
}
