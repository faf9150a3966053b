import { describe, expect, test } from "vitest";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { assertConformsToSchema } from "../helpers/conformance";
import { createSite, createTenant } from "../helpers/factories";

/** siteAccess.* and siteRedirects.*: the admin UI's procedures answer the /v1 objects (ShareLink, SitePublishingAuth, SiteRedirect). */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const { site } = await createSite(organizationId, { visibility: "share-link" });
  const admin = createCaller({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: BASE_URL });
  return { admin, ids: { organizationId, siteId: site.id }, site };
}

describe("siteAccess", () => {
  test("share links: create, list (every link, as an array), update, delete; an update changing nothing named is refused", async () => {
    const { admin, ids, site } = await setup();
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const link = await admin.siteAccess.createShareLink({ ...ids, name: "Reviewers", expiresAt });
    assertConformsToSchema("ShareLink", link);
    expect(link).toMatchObject({ name: "Reviewers", active: true, expiresAt });
    expect(link.urls.published).toMatch(new RegExp(`^${BASE_URL}/${site.basename}\\?share=[A-Za-z0-9_-]{43}$`));
    expect((await admin.siteAccess.shareLinks(ids)).map((item) => item.id)).toEqual([link.id]);
    expect(await admin.siteAccess.updateShareLink({ ...ids, shareLinkId: link.id, active: false, expiresAt: null })).toMatchObject({ active: false, expiresAt: null });
    await expect(admin.siteAccess.updateShareLink({ ...ids, shareLinkId: link.id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await admin.siteAccess.deleteShareLink({ ...ids, shareLinkId: link.id });
    expect(await admin.siteAccess.shareLinks(ids)).toEqual([]);
  });

  test("visitor auth: the key, the URLs, regenerate", async () => {
    const { admin, ids } = await setup();
    const auth = await admin.siteAccess.auth(ids);
    assertConformsToSchema("SitePublishingAuth", auth);
    const updated = await admin.siteAccess.updateAuth({ ...ids, fallbackURL: "https://login.example.com/" });
    expect(updated).toEqual({ ...auth, fallbackURL: "https://login.example.com/" });
    const regenerated = await admin.siteAccess.regenerateAuth(ids);
    expect(regenerated.privateKey).not.toBe(auth.privateKey);
    expect(regenerated.fallbackURL).toBe("https://login.example.com/");
  });
});

describe("siteRedirects", () => {
  test("create, list with a cursor, update, delete", async () => {
    const { admin, ids } = await setup();
    for (const source of ["/a", "/b", "/c"]) await admin.siteRedirects.create({ ...ids, source, destination: { kind: "external", url: `https://example.com${source}` } });
    const first = await admin.siteRedirects.list({ ...ids, orderBy: "source", limit: 2 });
    expect(first.items.map((item) => item.source)).toEqual(["/a", "/b"]);
    for (const item of first.items) assertConformsToSchema("SiteRedirect", item);
    const rest = await admin.siteRedirects.list({ ...ids, orderBy: "source", limit: 2, cursor: first.next!.page });
    expect(rest.items.map((item) => item.source)).toEqual(["/c"]);
    const updated = await admin.siteRedirects.update({ ...ids, siteRedirectId: rest.items[0]!.id, source: "/d", permanent: true });
    expect(updated).toMatchObject({ source: "/d", permanent: true });
    await expect(admin.siteRedirects.create({ ...ids, source: "/a", destination: { kind: "external", url: "https://example.com/" } })).rejects.toMatchObject({ code: "CONFLICT" });
    await admin.siteRedirects.delete({ ...ids, siteRedirectId: updated.id });
    expect((await admin.siteRedirects.list({ ...ids })).count).toBe(2);
  });
});
