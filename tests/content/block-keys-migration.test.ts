import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateBlockKeys } from "../../server/content/block-keys-migration";
import type { Page } from "../../server/content/revisions";
import { documentBlocks, legacyBlockKeys } from "../../server/content/format/block-keys";
import { db } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { newId } from "../../server/ids";
import { createTenant } from "../helpers/factories";
import { commitLegacyPages } from "../helpers/legacy-content";
import { apiClient, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const blockKeysOf = (document: unknown) => documentBlocks(document as never).map((block) => block.key!);

describe("block keys of versions stored before them", () => {
  test("read with keys from the page and positions; the migration stores those keys in place, in batches, once; edits carry them on", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Legacy" })).body;
    const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Old content" })).body;
    const pageId = newId();
    const now = new Date().toISOString();
    const page = { id: pageId, title: "Old", slug: "old", parentId: null, sortKey: 5, createdAt: now, updatedAt: now };
    // Two legacy versions of one page: they agree on the keys of the blocks at the same places.
    // The second was written after links were recorded, before keys.
    await commitLegacyPages(cr.id, [{ ...page, markdown: "First.\n\nSecond.\n" }]);
    await commitLegacyPages(cr.id, [{ ...page, markdown: "First.\n\n- an item\n\nThird.\n", links: [] } as Page]);
    const pagePath = `/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${pageId}?format=document`;
    const before = blockKeysOf((await admin.get(pagePath)).body.document);
    expect(before).toEqual(legacyBlockKeys(pageId, 5));

    const versions = async () =>
      db().$queryRaw<{ hash: string; data: { body: string; blockKeys?: string[] } }[]>`
        SELECT hash, data FROM content_objects WHERE space_id = ${space.id} AND data->>'id' = ${pageId} ORDER BY hash`;
    expect((await versions()).map((version) => version.data.blockKeys)).toEqual([undefined, undefined]);

    let migratedHashes: string[] = [];
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      expect(await migrateBlockKeys(client, 1)).toBeGreaterThanOrEqual(2);
      const migrated = await versions();
      migratedHashes = migrated.map((version) => version.hash);
      expect(migrated.map((version) => version.data.blockKeys?.length).sort()).toEqual([2, 5]);
      for (const version of migrated) expect(version.data.blockKeys).toEqual(legacyBlockKeys(pageId, version.data.blockKeys!.length));
      // Idempotent: a second run finds nothing of these to key and changes nothing.
      await migrateBlockKeys(client);
      expect(await versions()).toEqual(migrated);
    } finally {
      await client.end();
    }
    expect(blockKeysOf((await admin.get(pagePath)).body.document)).toEqual(before);

    // Recorded once: the runner (which ran it when the database was set up) does not run it again.
    expect(await migrate(process.env.DATABASE_URL!)).toEqual([]);
    expect(await db().$queryRaw`SELECT name FROM "_quire_data_migrations"`).toEqual([{ name: "20261124160000_block_keys" }]);

    // Put again as it is (reverted to the revision it is in), a migrated version keeps its hash: no change.
    const current = (await admin.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision as string;
    const reverted = await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: "revert_page", page: pageId, revision: current }] });
    expect(reverted.status).toBe(200);
    expect((await versions()).map((version) => version.hash)).toEqual(migratedHashes);

    // An edit of the migrated page keeps the keys of the blocks it keeps.
    const edited = await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
      changes: [{ operation: "update_page", page: pageId, document: { markdown: "New first.\n\nFirst.\n\n- an item\n\nThird!\n" } }],
    });
    expect(edited.status).toBe(200);
    const after = blockKeysOf((await admin.get(pagePath)).body.document);
    expect(after.slice(1)).toEqual(before);
    expect(before).not.toContain(after[0]);
  });
});
