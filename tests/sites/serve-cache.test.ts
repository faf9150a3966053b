import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LiveHub } from "../../server/live/hub";
import { SiteCache, siteCache } from "../../server/sites/serve/cache";
import { eventsDispatched } from "../helpers/events";
import { apiClient, startApiServer } from "../helpers/server";
import { addSiteSpace, createTenant, ok, publishedSite, spaceWithPages, visit } from "./serve-fixtures";

/**
 * Cached published sites follow writes: a merge into a space a site shows, or a change of the site
 * itself, reaches every app server at commit (PostgreSQL NOTIFY) and the next request sees it.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const { space, pageIds } = await spaceWithPages(organizationId, "Guides", [
    { title: "Welcome", slug: "welcome", markdown: "The first words.\n" },
    { title: "Install", slug: "install", markdown: "Install it.\n" },
  ]);
  const site = await publishedSite(organizationId);
  await addSiteSpace(site.id, { spaceId: space.id, path: "guides", isDefault: true, position: 0 });
  const admin = apiClient(server.url, tenant.admin.token);
  return { organizationId, site, space, pageIds, admin, b: `/${site.basename}` };
}

/** Merges a change request rewriting a page's body. */
async function mergeEdit(admin: ReturnType<typeof apiClient>, spaceId: string, pageId: string, markdown: string) {
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const cr = ok(await admin.post(crs, { subject: "Edit" }), 201) as { number: number };
  ok(await admin.post(`${crs}/${cr.number}/content`, { changes: [{ operation: "update_page", page: pageId, document: { markdown } }] }));
  ok(await admin.post(`${crs}/${cr.number}/merge`));
  // The live update that drops cached sites is sent once the merge's event is dispatched.
  await eventsDispatched();
}

/** Polls until `check` holds: NOTIFY arrives at commit, a moment later on the listening connection. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("The condition never held.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("invalidation", () => {
  test("a merged change request shows on the next request; so does unpublishing the site", async () => {
    const { admin, space, pageIds, b, site, organizationId } = await setup();
    await siteCache().directory();
    await eventually(async () => (await visit(b)).text.includes("The first words."));
    // Served from the cache now: the same model object.
    const model = await siteCache().model(site.id);
    expect(await siteCache().model(site.id)).toBe(model);

    await mergeEdit(admin, space.id, pageIds[0]!, "Words after the merge.\n");
    await eventually(async () => (await visit(b)).text.includes("Words after the merge."));
    expect((await visit(b)).text).not.toContain("The first words.");

    ok(await admin.post(`/v1/orgs/${organizationId}/sites/${site.id}/unpublish`));
    await eventsDispatched();
    await eventually(async () => (await visit(b)).status === 404);
  });

  test("two app servers' caches, each with its own connection, both drop a site when a merge commits", async () => {
    const { admin, space, pageIds, site } = await setup();
    const servers = [new SiteCache(new LiveHub(process.env.DATABASE_URL!)), new SiteCache(new LiveHub(process.env.DATABASE_URL!))];
    try {
      // Each keeps models only once it listens.
      await eventually(async () => {
        const [a, b] = await Promise.all(servers.map((cache) => cache.model(site.id)));
        return a === (await servers[0]!.model(site.id)) && b === (await servers[1]!.model(site.id));
      });
      const before = await Promise.all(servers.map((cache) => cache.model(site.id)));
      expect(before[0]!.version).toBe(before[1]!.version);

      await mergeEdit(admin, space.id, pageIds[1]!, "Installed differently.\n");
      for (const cache of servers) await eventually(async () => (await cache.model(site.id))!.version !== before[0]!.version);
      const after = await Promise.all(servers.map((cache) => cache.model(site.id)));
      expect(after[0]!.version).toBe(after[1]!.version);
    } finally {
      servers.forEach((cache) => cache.close());
    }
  });

  test("discussions do not drop the model; a reconnection drops everything", async () => {
    const { admin, space, site } = await setup();
    const hub = new LiveHub(process.env.DATABASE_URL!);
    const cache = new SiteCache(hub);
    try {
      await eventually(async () => (await cache.model(site.id)) === (await cache.model(site.id)));
      const model = await cache.model(site.id);
      ok(await admin.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: "A remark." } }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await cache.model(site.id)).toBe(model);
      cache.clear();
      expect(await cache.model(site.id)).not.toBe(model);
    } finally {
      cache.close();
      await hub.close();
    }
  });
});

describe("rendered pages", () => {
  test("a query the page does not read (tracking parameters, junk) reuses the cached page instead of adding one", async () => {
    const { b } = await setup();
    const first = await visit(`${b}?utm_source=newsletter`);
    expect(first.status).toBe(200);
    const cachedBytes = siteCache().renders.bytes;
    for (const query of ["?utm_source=other", "?x=1", `?junk=${"a".repeat(500)}`]) {
      const again = await visit(`${b}${query}`);
      expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    }
    expect(siteCache().renders.bytes).toBe(cachedBytes);
  });
});
