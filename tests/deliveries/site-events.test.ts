import { beforeAll, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { CLIENT_ADDRESS_HEADER } from "../../server/http/client-address";
import { startWorkers } from "../../server/jobs/workers";
import { SITE_VIEW_EVENTS, VIEW_EVENT_PER_READER } from "../../server/sites/insights/events";
import { recordPageFeedback, recordPageView } from "../../server/sites/insights/record";
import { loadSiteModel } from "../../server/sites/serve/model";
import { visibleSite } from "../../server/sites/serve/visible";
import { PUBLIC_VISITOR } from "../../server/sites/serve/visitor";
import { createInstallation, createIntegration, createTenant } from "../helpers/factories";
import { addSiteSpace, publishedSite, spaceWithPages } from "../sites/serve-fixtures";
import { Receiver, until } from "./receiver";

/** site_view and page_feedback: recorded from the beacon and the form, for installations with the scope and reach, never with readers' cookies. */

process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";
beforeAll(() => startWorkers());

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const { space, pageIds: [startId] } = await spaceWithPages(organizationId, "Guides", [{ title: "Start", slug: "start" }]);
  const site = await publishedSite(organizationId);
  const siteSpace = await addSiteSpace(site.id, { spaceId: space.id, path: "guides", isDefault: true, position: 0 });
  const visible = visibleSite((await loadSiteModel(site.id))!, PUBLIC_VISITOR);
  const reader = {
    request: new Request("http://docs.test/~/insights", {
      method: "POST",
      headers: { "user-agent": "Reader/1.0", cookie: "session=reader-secret", [CLIENT_ADDRESS_HEADER]: "203.0.113.7", "accept-language": "fr-FR,fr;q=0.9" },
    }),
    address: { siteId: site.id, origin: "http://docs.test", basePath: "" },
  };
  const page = { siteSpaceId: siteSpace.id, pageId: startId! };
  const siteEvents = (type: string) => db().organizationEvent.count({ where: { organizationId, type } });
  return { tenant, organizationId, site, visible, reader, page, siteEvents };
}

test("a page view is recorded as site_view only when someone gets it, then reaches installations with the scope, without cookies", async () => {
  const { tenant, organizationId, site, visible, reader, page, siteEvents } = await setup();
  await recordPageView(visible, page, reader);
  expect(await siteEvents("site_view")).toBe(0);

  const receiver = await new Receiver().start();
  const unscopedReceiver = await new Receiver().start();
  const { integration } = await createIntegration(tenant.otherOrganization.id, { endpoint: receiver.url, scopes: ["site:views:read"] });
  const installation = await createInstallation(integration.id, organizationId, { siteIds: [site.id] });
  const { integration: unscoped } = await createIntegration(tenant.otherOrganization.id, { endpoint: unscopedReceiver.url });
  await createInstallation(unscoped.id, organizationId, { siteSelection: "all" });

  await recordPageView(visible, page, reader);
  await until("the view", () => receiver.received.length >= 1);
  expect(receiver.received[0]!.event).toMatchObject({
    type: "site_view",
    installationId: installation.id,
    siteId: site.id,
    siteSpaceId: page.siteSpaceId,
    pageId: page.pageId,
    // The default site space's first page is the site's root.
    url: "http://docs.test/",
    referrer: "",
    visitor: { cookies: {}, userAgent: "Reader/1.0", ip: "203.0.113.7", language: "fr-FR" },
  });
  expect(receiver.received[0]!.body).not.toContain("reader-secret");
  expect(await siteEvents("site_view")).toBe(1);
  expect(unscopedReceiver.received).toEqual([]);
  await receiver.stop();
  await unscopedReceiver.stop();
});

test(`a reader's views of a page make one site_view per ${VIEW_EVENT_PER_READER.windowSeconds / 60} minutes, and a site at most ${SITE_VIEW_EVENTS.limit} a minute`, async () => {
  const { tenant, organizationId, site, visible, reader, page, siteEvents } = await setup();
  const { integration } = await createIntegration(tenant.otherOrganization.id, { endpoint: "https://receiver.invalid/views", scopes: ["site:views:read"] });
  await createInstallation(integration.id, organizationId, { siteIds: [site.id] });
  // One reader reloading (views counted: the day table has them all).
  for (let view = 0; view < 20; view++) await recordPageView(visible, page, reader);
  expect(await siteEvents("site_view")).toBe(1);
  expect((await db().sitePageView.findFirstOrThrow({ where: { siteId: site.id } })).views).toBe(20);
  // Many readers at once, each from an address of its own: the site's minute runs out.
  const readerAt = (index: number) => ({ ...reader, request: new Request(reader.request.url, { method: "POST", headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${index % 250}`, "user-agent": `Reader ${index}` } }) });
  for (let batch = 0; batch < 15; batch++) await Promise.all(Array.from({ length: 20 }, (_, index) => recordPageView(visible, page, readerAt(batch * 20 + index))));
  const events = await siteEvents("site_view");
  expect(events).toBeGreaterThanOrEqual(SITE_VIEW_EVENTS.limit);
  // (A minute boundary crossed meanwhile gives the next minute's events too.)
  expect(events).toBeLessThanOrEqual(2 * SITE_VIEW_EVENTS.limit);
});

test("feedback is always recorded as page_feedback, and reaches installations with the feedback scope", async () => {
  const { tenant, organizationId, site, visible, reader, page, siteEvents } = await setup();
  await recordPageFeedback(visible, { ...page, rating: "bad", comment: "The example does not run." }, reader);
  expect(await siteEvents("page_feedback")).toBe(1);
  const receiver = await new Receiver().start();
  const { integration } = await createIntegration(tenant.otherOrganization.id, { endpoint: receiver.url, scopes: ["page:feedback:read"] });
  await createInstallation(integration.id, organizationId, { siteSelection: "all" });
  await recordPageFeedback(visible, { ...page, rating: "good" }, reader);
  await until("the feedback", () => receiver.received.length >= 1);
  expect(receiver.received[0]!.event).toMatchObject({ type: "page_feedback", siteId: site.id, pageId: page.pageId, feedback: { rating: "good" }, visitor: { cookies: {} } });
  // A view is not feedback: the feedback scope alone does not get views.
  await recordPageView(visible, page, reader);
  expect(await siteEvents("site_view")).toBe(0);
  await receiver.stop();
});
