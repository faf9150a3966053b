import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { INSIGHTS_BODY_LIMIT } from "../../server/sites/insights/schemas";
import { createShareLink } from "../../server/sites/share-links/create-share-link";
import { addSection, addSiteSpace, cookiesOf, createTenant, publishedSite, spaceWithPages, visit } from "./serve-fixtures";

/**
 * The published site's `~/insights` beacon and `~/feedback` form, through serveSite: the gate runs
 * first, so only a visitor who may read a page can count or rate it.
 */

async function siteOf(visibility = "public") {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const { space, pageIds: [welcomeId, installId, betaId] } = await spaceWithPages(organizationId, "Guides", [
    { title: "Welcome", slug: "welcome" },
    { title: "Install", slug: "install" },
    { title: "Beta", slug: "beta", condition: "visitor.claims.beta == true" },
  ]);
  const site = await publishedSite(organizationId, { visibility });
  // The page lives in a section and variant that are not the defaults, so its URL has every part.
  const home = await addSection(site.id, { title: "Home", path: "home", isDefault: true, position: 0 });
  await addSiteSpace(site.id, { spaceId: (await spaceWithPages(organizationId, "Home", [{ title: "Hello", slug: "hello" }])).space.id, sectionId: home.id, path: "", isDefault: true, position: 0 });
  const section = await addSection(site.id, { title: "Docs", path: "docs", position: 1 });
  await addSiteSpace(site.id, { spaceId: (await spaceWithPages(organizationId, "Old", [{ title: "Old", slug: "old" }])).space.id, sectionId: section.id, path: "v1", isDefault: true, position: 0 });
  const siteSpace = await addSiteSpace(site.id, { spaceId: space.id, sectionId: section.id, path: "v2", position: 1 });
  return { tenant, site, space, siteSpace, welcomeId: welcomeId!, installId: installId!, betaId: betaId! };
}

const views = async (siteId: string) => (await db().sitePageView.findMany({ where: { siteId } })).reduce((sum, row) => sum + row.views, 0);
const feedback = (siteId: string) => db().sitePageFeedback.findMany({ where: { siteId }, orderBy: { createdAt: "asc" } });

const beacon = (basename: string, body: string, contentType = "application/json", extra: RequestInit & { cookies?: string[] } = {}) =>
  visit(`/${basename}/~/insights`, { method: "POST", body, ...extra, headers: { "content-type": contentType, ...(extra.headers as Record<string, string>) } });

const form = (basename: string, fields: Record<string, string>, headers: Record<string, string> = {}, cookies?: string[]) =>
  visit(`/${basename}/~/feedback`, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, cookies });

describe("~/insights", () => {
  test("a page view beacon, as JSON or as sendBeacon's text/plain, counts one view each: 204", async () => {
    const { site, siteSpace, installId } = await siteOf();
    const event = JSON.stringify({ type: "page_view", siteSpaceId: siteSpace.id, pageId: installId });
    const first = await beacon(site.basename, event);
    expect(first.status).toBe(204);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect((await beacon(site.basename, event, "text/plain;charset=UTF-8")).status).toBe(204);
    expect(await views(site.id)).toBe(2);
  });

  test("malformed, oversized, foreign and hidden-page beacons are refused and count nothing", async () => {
    const { site, siteSpace, betaId, installId } = await siteOf();
    expect((await beacon(site.basename, "{not json")).status).toBe(400);
    expect((await beacon(site.basename, JSON.stringify({ type: "click", siteSpaceId: siteSpace.id, pageId: installId }))).status).toBe(400);
    expect((await beacon(site.basename, JSON.stringify({ type: "page_view", siteSpaceId: siteSpace.id, pageId: installId, pad: "x".repeat(INSIGHTS_BODY_LIMIT) }))).status).toBe(413);
    // A chunked body without a declared length stops being read at the limit.
    const endless = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(1024).fill(0x20)) });
    expect((await visit(`/${site.basename}/~/insights`, { method: "POST", body: endless, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit)).status).toBe(413);
    expect((await beacon(site.basename, "x", "multipart/form-data; boundary=x")).status).toBe(415);
    // The Beta page's condition is false for this visitor: as unknown as a page that does not exist.
    expect((await beacon(site.basename, JSON.stringify({ type: "page_view", siteSpaceId: siteSpace.id, pageId: betaId }))).status).toBe(404);
    expect((await beacon(site.basename, JSON.stringify({ type: "page_view", siteSpaceId: siteSpace.id, pageId: "nope" }))).status).toBe(404);
    expect((await visit(`/${site.basename}/~/insights`)).status).toBe(405);
    expect(await views(site.id)).toBe(0);
  });

  test("a visitor the gate turns away records nothing: a share-link site without its key, a visitor-auth site without a token", async () => {
    for (const visibility of ["share-link", "visitor-auth"]) {
      const { site, siteSpace, installId } = await siteOf(visibility);
      const answer = await beacon(site.basename, JSON.stringify({ type: "page_view", siteSpaceId: siteSpace.id, pageId: installId }));
      expect([302, 401, 404]).toContain(answer.status);
      expect((await form(site.basename, { siteSpaceId: siteSpace.id, pageId: installId, rating: "good" })).status).toBe(answer.status);
      expect(await views(site.id)).toBe(0);
      expect(await feedback(site.id)).toEqual([]);
    }
  });

  test("with a share link's cookie, the visitor's view counts", async () => {
    const { site, siteSpace, installId, tenant } = await siteOf("share-link");
    const link = await createShareLink({ actor: { userId: tenant.admin.user.id, via: "session" }}, tenant.organization.id, site.id, { name: "Readers" });
    const key = link.key!;
    const entered = await visit(`/${site.basename}?share=${key}`);
    const cookies = cookiesOf(entered.headers);
    expect(cookies).toHaveLength(1);
    const answer = await beacon(site.basename, JSON.stringify({ type: "page_view", siteSpaceId: siteSpace.id, pageId: installId }), "application/json", { cookies });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await views(site.id)).toBe(1);
  });
});

describe("~/feedback", () => {
  test("the plain form stores the rating and comment and answers 303 back to the page, at its section and variant, with ?feedback=sent#feedback", async () => {
    const { site, siteSpace, installId } = await siteOf();
    const answer = await form(site.basename, { siteSpaceId: siteSpace.id, pageId: installId, rating: "bad", comment: "  Step 2 fails on Windows.  " });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/${site.basename}/docs/v2/install?feedback=sent#feedback`);
    expect((await feedback(site.id)).map((row) => [row.siteSpaceId, row.pageId, row.rating, row.comment])).toEqual([[siteSpace.id, installId, "bad", "Step 2 fails on Windows."]]);
    // The page it leads to is served.
    expect((await visit(`/${site.basename}/docs/v2/install?feedback=sent`)).status).toBe(200);
  });

  test("site.js asks for JSON: 201 with a message; a refusal is JSON too", async () => {
    const { site, siteSpace, welcomeId } = await siteOf();
    const sent = await form(site.basename, { siteSpaceId: siteSpace.id, pageId: welcomeId, rating: "good" }, { accept: "application/json" });
    expect(sent.status).toBe(201);
    expect(JSON.parse(sent.text)).toEqual({ status: 201, message: "Thank you for your feedback." });
    const asJson = await visit(`/${site.basename}/~/feedback`, {
      method: "POST",
      body: JSON.stringify({ siteSpaceId: siteSpace.id, pageId: welcomeId, rating: "ok" }),
      headers: { "content-type": "application/json", accept: "application/json" },
    });
    expect(asJson.status).toBe(201);
    const refused = await form(site.basename, { siteSpaceId: siteSpace.id, pageId: welcomeId, rating: "great" }, { accept: "application/json" });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ status: 400, message: "Choose how helpful the page was." });
    expect((await feedback(site.id)).map((row) => row.rating)).toEqual(["good", "ok"]);
  });

  test("bounded: no rating, a comment over 512 characters, a body over 2 KB, a page the visitor cannot see", async () => {
    const { site, siteSpace, welcomeId, betaId } = await siteOf();
    const on = { siteSpaceId: siteSpace.id, pageId: welcomeId };
    expect((await form(site.basename, on)).status).toBe(400);
    const long = await form(site.basename, { ...on, rating: "ok", comment: "x".repeat(513) });
    expect(long.status).toBe(400);
    expect(long.text).toContain("512");
    expect((await form(site.basename, { ...on, rating: "ok", comment: "x".repeat(INSIGHTS_BODY_LIMIT) })).status).toBe(413);
    expect((await form(site.basename, { siteSpaceId: siteSpace.id, pageId: betaId, rating: "good" })).status).toBe(404);
    expect((await visit(`/${site.basename}/~/feedback`, { method: "POST", body: "rating=good", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect(await feedback(site.id)).toEqual([]);
  });
});
