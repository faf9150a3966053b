import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { revisionSize } from "../../server/content/revision-size";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { startWorkers } from "../../server/jobs/workers";
import { indexSpace } from "../../server/search/index-space";
import { commitPages, commitToChangeRequest, createTenant } from "../helpers/factories";
import { searchIndexed } from "../helpers/jobs";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * Writes of the sizes that used to fail on a fixed transaction time limit (a 1,000-page merge
 * answered 500), each through /v1, and the search index following them without the space's lock.
 */

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
  // Imports and indexing run on this process's job workers, as on an app server.
  await startWorkers();
});
afterAll(() => api.close());

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(api.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Big", empty: true })).body as { id: string };
  return { tenant, admin, space };
}

const now = new Date().toISOString();
const pageOf = (index: number, word: string) => ({
  id: newId(),
  title: `Page ${index}`,
  slug: `page-${index}`,
  parentId: null,
  sortKey: index + 1,
  markdown: `# Page ${index}\n\nAbout ${word} number ${index}, with [a link](https://example.com/${index}).\n\n## Details\n\n- one\n- two\n`,
  createdAt: now,
  updatedAt: now,
});

async function mainRevision(spaceId: string) {
  const space = await db().space.findUniqueOrThrow({ where: { id: spaceId } });
  return db().revision.findUniqueOrThrow({ where: { id: space.revisionId! } });
}

describe("writes of any size", () => {
  test("a change request adding 2,000 pages, built through /v1 in batches of 50, merges three-way; search then finds its pages", async () => {
    const { admin, space } = await setup();
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const cr = (await admin.post(crs, { subject: "Two thousand pages" })).body as { id: string; number: number };
    for (let start = 0; start < 2000; start += 50) {
      const changes = Array.from({ length: 50 }, (_, offset) => ({
        operation: "insert_page",
        title: `Page ${start + offset}`,
        document: { markdown: `About quokka number ${start + offset}.\n` },
      }));
      const applied = await admin.post(`${crs}/${cr.number}/content`, { changes });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    }
    // Main moves meanwhile, so the merge is three-way rather than a fast-forward.
    await commitPages(space.id, [{ title: "Main moved", slug: "main-moved", markdown: "Elsewhere.\n" }]);
    const merged = await admin.post(`${crs}/${cr.number}/merge`);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(await revisionSize(db(), await mainRevision(space.id))).toBe(2001);

    await searchIndexed(space.id, 120_000);
    const found = await admin.get(`/v1/spaces/${space.id}/search?query=${encodeURIComponent("quokka 1999")}&limit=5`);
    expect(found.body.items.map((item: { title: string }) => item.title)).toContain("Page 1999");
  }, 300_000);

  test("a 5,000-page change request merges, and main's 5,000 new pages update another change request", async () => {
    const { admin, space } = await setup();
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const big = (await admin.post(crs, { subject: "Five thousand" })).body as { id: string; number: number };
    const other = (await admin.post(crs, { subject: "Small" })).body as { id: string; number: number };
    const pages = Array.from({ length: 5000 }, (_, index) => pageOf(index, "wombat"));
    for (let start = 0; start < pages.length; start += 1000) await commitToChangeRequest(big.id, { put: pages.slice(start, start + 1000) });
    await commitToChangeRequest(other.id, { put: [pageOf(9999, "other")] });
    await commitPages(space.id, [{ title: "Main moved", slug: "main-moved" }]);

    const merged = await admin.post(`${crs}/${big.number}/merge`);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(await revisionSize(db(), await mainRevision(space.id))).toBe(5001);

    const updated = await admin.post(`${crs}/${other.number}/update`);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const updatedRevision = await db().revision.findUniqueOrThrow({ where: { id: updated.body.revision } });
    expect(await revisionSize(db(), updatedRevision)).toBe(5002);
  }, 300_000);

  test("a 10,000-page space duplicates, with its search index", async () => {
    const { admin, space } = await setup();
    const pages = Array.from({ length: 10_000 }, (_, index) => pageOf(index, "axolotl"));
    for (let start = 0; start < pages.length; start += 2500) await commitPages(space.id, pages.slice(start, start + 2500));
    const copy = await admin.post(`/v1/spaces/${space.id}/duplicate`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(await revisionSize(db(), await mainRevision(copy.body.id))).toBe(10_000);
    await searchIndexed(copy.body.id, 120_000);
    const found = await admin.get(`/v1/spaces/${copy.body.id}/search?query=${encodeURIComponent("axolotl 9999")}&limit=5`);
    expect(found.body.items.map((item: { title: string }) => item.title)).toContain("Page 9999");
  }, 300_000);

  test("a 2,000-page site imports", async () => {
    const site = await serveSite(2000);
    const saved = { ...process.env };
    Object.assign(process.env, { QUIRE_FETCH_ALLOWLIST: "127.0.0.1", QUIRE_IMPORT_MAX_PAGES: "2000", QUIRE_IMPORT_TIMEOUT_MS: "240000", QUIRE_IMPORT_MAX_BYTES: String(200 * 1024 * 1024) });
    try {
      const { admin, space } = await setup();
      const imported = await admin.post(`/v1/spaces/${space.id}/content/import`, { url: `${site.url}/docs/`, source: "website" });
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body).toMatchObject({ importedResources: 2000, totalResources: 2000 });
      expect(await revisionSize(db(), await mainRevision(space.id))).toBe(2000);
    } finally {
      process.env = saved;
      await site.close();
    }
  }, 300_000);

  test("indexing holds no lock a write needs: it completes while another transaction holds the space's lock", async () => {
    const { space } = await setup();
    // The new space's own index job done first: otherwise it may run after the commit below and
    // index that revision itself, leaving nothing for the call under test to do. commitPages sets
    // the main revision directly and enqueues no job, so the index stays behind until indexSpace.
    await searchIndexed(space.id);
    await commitPages(space.id, [pageOf(1, "capybara")]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const writer = db().$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM spaces WHERE id = ${space.id} FOR NO KEY UPDATE`;
        locked();
        await held;
      },
      { timeout: 60_000 },
    );
    await lockTaken;
    try {
      expect(await indexSpace(space.id)).toEqual({ indexed: true });
    } finally {
      release();
      await writer;
    }
  });
});

/** A site of `count` pages: /docs/ links to every page. */
async function serveSite(count: number): Promise<{ url: string; close: () => Promise<void> }> {
  const html = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://site").pathname;
    if (path === "/docs/") {
      const links = Array.from({ length: count - 1 }, (_, index) => `<li><a href="/docs/p${index}">Topic ${index}</a></li>`).join("");
      res.writeHead(200, { "Content-Type": "text/html" }).end(html("Home", `<ul>${links}</ul>`));
      return;
    }
    const match = /^\/docs\/p(\d+)$/.exec(path);
    if (match && Number(match[1]) < count - 1) {
      res.writeHead(200, { "Content-Type": "text/html" }).end(html(`Topic ${match[1]}`, `<p>Notes on topic ${match[1]}.</p>`));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
