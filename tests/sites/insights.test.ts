import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { FEEDBACK_RULE, recordPageFeedback, recordPageView, VIEWS_RULE } from "../../server/sites/insights/record";
import { loadSiteModel } from "../../server/sites/serve/model";
import { PUBLIC_VISITOR } from "../../server/sites/serve/visitor";
import { visibleSite } from "../../server/sites/serve/visible";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { commitPages, createTenant } from "../helpers/factories";
import { addSiteSpace, publishedSite, spaceWithPages } from "./serve-fixtures";

/** Page views and feedback of a published site: recorded for the pages a visitor may see, read by the site's owners. */

const BASE_URL = "http://quire.test";
/** The request a view or feedback comes with (its site events read the visitor from it). */
const reader = { request: new Request("http://quire.test/~/insights", { method: "POST" }), address: { siteId: "", origin: "http://quire.test", basePath: "" } };
const createCaller = createCallerFactory(appRouter);

/**
 * A published site over two spaces, seen by a public visitor: Guides (Start, Install, and a Beta
 * page shown only to beta readers) and Secret, a variant shown only to staff.
 */
async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: BASE_URL };
  const { space: guides, pageIds: [startId, installId, betaId] } = await spaceWithPages(organizationId, "Guides", [
    { title: "Start", slug: "start" },
    { title: "Install", slug: "install" },
    { title: "Beta", slug: "beta", condition: "visitor.claims.beta == true" },
  ]);
  const { space: secret, pageIds: [hiddenId] } = await spaceWithPages(organizationId, "Secret", [{ title: "Hidden plans", slug: "plans" }]);
  const site = await publishedSite(organizationId);
  const guidesSiteSpace = await addSiteSpace(site.id, { spaceId: guides.id, path: "guides", isDefault: true, position: 0 });
  const secretSiteSpace = await addSiteSpace(site.id, { spaceId: secret.id, path: "secret", position: 1, condition: "visitor.claims.staff == true" });
  const visible = visibleSite((await loadSiteModel(site.id))!, PUBLIC_VISITOR);
  const ids = { organizationId, siteId: site.id };
  const admin = createCaller(ctx);
  return { tenant, site, visible, ids, admin, guides, secret, start: { id: startId! }, install: { id: installId! }, beta: { id: betaId! }, hidden: { id: hiddenId! }, guidesSiteSpace, secretSiteSpace };
}

const today = () => new Date().toISOString().slice(0, 10);

describe("recording", () => {
  test("views add up in one row per page and UTC day, and show per day and in the top pages with their titles", async () => {
    const { visible, guidesSiteSpace, start, install, admin, ids, site, guides } = await setup();
    for (let i = 0; i < 3; i++) await recordPageView(visible, { siteSpaceId: guidesSiteSpace.id, pageId: start.id }, reader);
    await recordPageView(visible, { siteSpaceId: guidesSiteSpace.id, pageId: install.id }, reader);
    // An earlier day's views, as a previous day's upserts left them.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db().sitePageView.create({ data: { siteId: site.id, day: new Date(twoDaysAgo.toISOString().slice(0, 10)), spaceId: guides.id, pageId: install.id, views: 5 } });

    // Ordered here, by code points: the database's collation and localeCompare order mixed-case ids differently.
    const byDayAndPage = (a: (string | number)[], b: (string | number)[]) => (`${a[0]} ${a[1]}` < `${b[0]} ${b[1]}` ? -1 : 1);
    const rows = await db().sitePageView.findMany({ where: { siteId: site.id } });
    expect(rows.map((row) => [row.day.toISOString().slice(0, 10), row.pageId, row.views]).sort(byDayAndPage)).toEqual(
      [[twoDaysAgo.toISOString().slice(0, 10), install.id, 5], [today(), install.id, 1], [today(), start.id, 3]].sort(byDayAndPage),
    );

    const summary = await admin.siteInsights.summary({ ...ids, days: 7 });
    expect(summary.daily).toHaveLength(7);
    expect(summary.daily.at(-1)).toEqual({ day: today(), views: 4 });
    expect(summary.daily.at(-3)).toEqual({ day: twoDaysAgo.toISOString().slice(0, 10), views: 5 });
    expect(summary.daily.slice(0, 4).every((day) => day.views === 0)).toBe(true);
    expect(summary).toMatchObject({ totalViews: 9, to: today() });
    expect(summary.topPages.map((page) => [page.title, page.spaceTitle, page.views])).toEqual([["Install", "Guides", 6], ["Start", "Guides", 3]]);

    // The window leaves older days out.
    expect((await admin.siteInsights.summary({ ...ids, days: 1 })).totalViews).toBe(4);
  });

  test("feedback is stored with its rating and comment, counted overall and per page, and listed newest first", async () => {
    const { visible, guidesSiteSpace, start, install, admin, ids } = await setup();
    const on = (pageId: string) => ({ siteSpaceId: guidesSiteSpace.id, pageId });
    expect((await recordPageFeedback(visible, { ...on(start.id), rating: "good" }, reader)).outcome).toBe("recorded");
    await recordPageFeedback(visible, { ...on(start.id), rating: "bad", comment: "  The example does not run.  " }, reader);
    await recordPageFeedback(visible, { ...on(install.id), rating: "ok", comment: "" }, reader);

    const summary = await admin.siteInsights.summary(ids);
    expect(summary.days).toBe(30);
    expect(summary.feedback).toEqual({ bad: 1, ok: 1, good: 1, total: 3 });
    expect(summary.feedbackByPage.map((page) => [page.title, page.bad, page.ok, page.good, page.total])).toEqual([["Start", 1, 0, 1, 2], ["Install", 0, 1, 0, 1]]);

    const list = await admin.siteInsights.feedback(ids);
    expect(list.items.map((item) => [item.page.title, item.rating, item.comment])).toEqual([
      ["Install", "ok", null],
      ["Start", "bad", "The example does not run."],
      ["Start", "good", null],
    ]);
    expect(list.next).toBeNull();
  });

  test("the feedback list pages by its cursor", async () => {
    const { visible, guidesSiteSpace, start, admin, ids, site, guides } = await setup();
    const base = Date.now() - 3_600_000;
    await db().sitePageFeedback.createMany({
      data: Array.from({ length: 25 }, (_, index) => ({ id: newId(), siteId: site.id, siteSpaceId: guidesSiteSpace.id, spaceId: guides.id, pageId: start.id, rating: "good", comment: `Comment ${index}`, createdAt: new Date(base + index * 1000) })),
    });
    await recordPageFeedback(visible, { siteSpaceId: guidesSiteSpace.id, pageId: start.id, rating: "bad" }, reader);
    const first = await admin.siteInsights.feedback(ids);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ rating: "bad", comment: null });
    const second = await admin.siteInsights.feedback({ ...ids, cursor: first.next! });
    expect(second.items.map((item) => item.comment)).toEqual(["Comment 5", "Comment 4", "Comment 3", "Comment 2", "Comment 1", "Comment 0"]);
    expect(second.next).toBeNull();
    await expect(admin.siteInsights.feedback({ ...ids, cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  test("nothing is recorded for a page the visitor cannot see (its condition, its variant's), a page of another site space, or an unknown page", async () => {
    const { visible, guidesSiteSpace, secretSiteSpace, hidden, start, beta, site } = await setup();
    const refused = [
      { siteSpaceId: guidesSiteSpace.id, pageId: beta.id },
      { siteSpaceId: secretSiteSpace.id, pageId: hidden.id },
      { siteSpaceId: guidesSiteSpace.id, pageId: hidden.id },
      { siteSpaceId: secretSiteSpace.id, pageId: start.id },
      { siteSpaceId: guidesSiteSpace.id, pageId: "unknown" },
    ];
    for (const target of refused) {
      await expect(recordPageView(visible, target, reader)).rejects.toMatchObject({ code: "not_found" });
      await expect(recordPageFeedback(visible, { ...target, rating: "good" }, reader)).rejects.toMatchObject({ code: "not_found" });
    }
    expect(await db().sitePageView.count({ where: { siteId: site.id } })).toBe(0);
    expect(await db().sitePageFeedback.count({ where: { siteId: site.id } })).toBe(0);
  });

  test("input is bounded: a rating outside bad/ok/good, a comment over 512 characters, an id that is no id", async () => {
    const { visible, guidesSiteSpace, start, site } = await setup();
    const on = { siteSpaceId: guidesSiteSpace.id, pageId: start.id };
    await expect(recordPageFeedback(visible, { ...on, rating: "great" as "good" }, reader)).rejects.toThrow();
    await expect(recordPageFeedback(visible, { ...on, rating: "good", comment: "x".repeat(513) }, reader)).rejects.toThrow(/512/);
    await expect(recordPageFeedback(visible, { ...on, pageId: "../../x", rating: "good" }, reader)).rejects.toThrow();
    expect((await recordPageFeedback(visible, { ...on, rating: "good", comment: "é".repeat(512) }, reader)).outcome).toBe("recorded");
    expect(await db().sitePageFeedback.count({ where: { siteId: site.id } })).toBe(1);
  });

  test(`a site takes at most ${FEEDBACK_RULE.limit} answers a minute, however many arrive at once`, async () => {
    const { visible, guidesSiteSpace, start, site } = await setup();
    const answer = () => recordPageFeedback(visible, { siteSpaceId: guidesSiteSpace.id, pageId: start.id, rating: "bad" }, reader);
    const started = Date.now();
    const outcomes: string[] = [];
    for (let batch = 0; batch < 5; batch++) outcomes.push(...(await Promise.all(Array.from({ length: 30 }, answer))).map((result) => result.outcome));
    // Minutes are counted in fixed windows: a flood that crosses into the next minute may take that minute's answers too.
    const windows = minutesSpanned(started, Date.now());
    const recorded = outcomes.filter((outcome) => outcome === "recorded").length;
    expect(recorded).toBeGreaterThanOrEqual(FEEDBACK_RULE.limit);
    expect(recorded).toBeLessThanOrEqual(FEEDBACK_RULE.limit * windows);
    expect(await db().sitePageFeedback.count({ where: { siteId: site.id } })).toBe(recorded);
    // The next minute the site takes answers again (its window moved back, as a minute passing would).
    await db().rateWindow.updateMany({ where: { key: `feedback:${site.id}` }, data: { windowStart: new Date(0) } });
    expect((await answer()).outcome).toBe("recorded");
  });

  test(`one address counts at most ${VIEWS_RULE.limit} page views a minute on a site`, async () => {
    const { visible, guidesSiteSpace, start, site } = await setup();
    const view = () => recordPageView(visible, { siteSpaceId: guidesSiteSpace.id, pageId: start.id }, reader);
    const started = Date.now();
    const outcomes: string[] = [];
    for (let batch = 0; batch < 10; batch++) outcomes.push(...(await Promise.all(Array.from({ length: 20 }, view))));
    const counted = outcomes.filter((outcome) => outcome === "recorded").length;
    expect(counted).toBeGreaterThanOrEqual(VIEWS_RULE.limit);
    expect(counted).toBeLessThanOrEqual(VIEWS_RULE.limit * minutesSpanned(started, Date.now()));
    const [row] = await db().sitePageView.findMany({ where: { siteId: site.id } });
    expect(row!.views).toBe(counted);
  });
});

/** How many fixed one-minute windows the span from `start` to `end` (epoch milliseconds) touches. */
const minutesSpanned = (start: number, end: number) => Math.floor(end / 60_000) - Math.floor(start / 60_000) + 1;

describe("the owners' reads", () => {
  test("an empty site answers zeros; a page deleted since keeps its views, named by no title", async () => {
    const { admin, ids, visible, guidesSiteSpace, start, guides } = await setup();
    const empty = await admin.siteInsights.summary(ids);
    expect(empty).toMatchObject({ totalViews: 0, topPages: [], feedback: { total: 0 }, feedbackByPage: [] });
    expect(empty.daily).toHaveLength(30);
    expect((await admin.siteInsights.feedback(ids)).items).toEqual([]);

    await recordPageView(visible, { siteSpaceId: guidesSiteSpace.id, pageId: start.id }, reader);
    await commitPages(guides.id, [{ title: "Other", slug: "other" }], { replace: true });
    expect((await admin.siteInsights.summary(ids)).topPages).toEqual([{ spaceId: guides.id, spaceTitle: "Guides", pageId: start.id, title: null, views: 1 }]);
  });

  test("reading needs the site's view: a reader without access, a member of another organization and another organization's site are all 'not found'", async () => {
    const { tenant, ids, site } = await setup();
    const reader = createCaller({ actor: { userId: (await tenant.member("read")).user.id, via: "session" }, baseUrl: BASE_URL });
    expect((await reader.siteInsights.summary(ids)).siteId).toBe(site.id);
    // A guest (a member without an organization role) is given nothing on the site.
    const guest = createCaller({ actor: { userId: (await tenant.member(null)).user.id, via: "session" }, baseUrl: BASE_URL });
    await expect(guest.siteInsights.summary(ids)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const stranger = createCaller({ actor: { userId: tenant.stranger.user.id, via: "session" }, baseUrl: BASE_URL });
    await expect(stranger.siteInsights.summary(ids)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.siteInsights.feedback(ids)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The stranger's own organization, with this site's id: still not found.
    await expect(stranger.siteInsights.summary({ organizationId: tenant.otherOrganization.id, siteId: site.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.siteInsights.summary({ ...ids, days: 91 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
