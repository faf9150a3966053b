import { createHash } from "node:crypto";
import { db, type Db } from "../../db/client";
import { requestClientAddress } from "../../http/client-address";
import { recordOrganizationEvents, siteEventHasSubscribers } from "../../integrations/events/record";
import { takeFromWindow, type WindowRule } from "../../rate-limits/windows";
import { pageHref } from "../serve/paths";
import type { SiteAddress, VisibleSite } from "../serve/types";
import type { VisiblePage } from "./record";
import { inTransaction } from "../../db/transaction";

/**
 * The reference's `site_view` and `page_feedback` events, for integrations with the scope to read
 * them and webhooks (docs/events.md). The visitor is described without anything that follows them
 * around: `cookies` is always empty (readers' cookies are never forwarded), and `anonymousId` is a
 * hash of the site, the address, the user agent and the UTC day — stable for one reader within a
 * day on one site, and no cookie is set for it.
 */

/** The request a view or feedback came with (the site request answering it). */
export type SiteEventRequest = { request: Request; address: SiteAddress };

function visitorOf(siteId: string, request: Request) {
  const ip = requestClientAddress(request);
  const userAgent = (request.headers.get("user-agent") ?? "").slice(0, 512);
  const day = new Date().toISOString().slice(0, 10);
  const anonymousId = createHash("sha256").update(`${siteId}\n${ip}\n${userAgent}\n${day}`).digest("base64url").slice(0, 22);
  const language = request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim().slice(0, 35);
  return { anonymousId, cookies: {}, userAgent, ip, ...(language ? { language } : {}) };
}

function siteEvent(visible: VisibleSite, found: VisiblePage, from: SiteEventRequest) {
  const site = visible.site;
  return {
    siteId: site.id,
    siteSpaceId: found.siteSpace.id,
    spaceId: found.siteSpace.spaceId,
    pageId: found.page.id,
    visitor: visitorOf(site.id, from.request),
    url: new URL(pageHref(from.address, found.section, found.siteSpace, found.page), from.address.origin).href,
    // The beacon and the form do not carry the page's own referrer.
    referrer: "",
  };
}

/**
 * What subscribers get of page views (docs/events.md): a reader's views of one page make one
 * `site_view` event per VIEW_EVENT_PER_READER window, and a site at most SITE_VIEW_EVENTS a minute,
 * so that a flood of views cannot turn into a flood of deliveries queued ahead of real events.
 */
export const VIEW_EVENT_PER_READER: WindowRule = { limit: 1, windowSeconds: 30 * 60 };
export const SITE_VIEW_EVENTS: WindowRule = { limit: 100, windowSeconds: 60 };

/**
 * A page view as a `site_view` event, within the bounds above. Every view of every site comes here,
 * so nothing is counted or recorded unless some installation or webhook would get it: one EXISTS
 * over the organization's installations and webhooks (their organization indexes) otherwise.
 */
export async function recordSiteViewEvent(visible: VisibleSite, found: VisiblePage, from: SiteEventRequest): Promise<void> {
  const site = visible.site;
  if (!(await siteEventHasSubscribers(db(), site.organizationId, site.id, "site_view"))) return;
  const event = siteEvent(visible, found, from);
  if (!(await takeFromWindow(`view-event:${site.id}:${found.page.id}:${event.visitor.anonymousId}`, VIEW_EVENT_PER_READER))) return;
  if (!(await takeFromWindow(`view-events:${site.id}`, SITE_VIEW_EVENTS))) return;
  await inTransaction((tx) => recordOrganizationEvents(tx, [{ organizationId: site.organizationId, type: "site_view", siteId: site.id, payload: event }]), "record");
}

/** Feedback as a `page_feedback` event, in the transaction storing it (feedback is rate-limited per site, so it is always recorded). */
export async function recordPageFeedbackEvent(
  tx: Db,
  visible: VisibleSite,
  found: VisiblePage,
  from: SiteEventRequest,
  feedback: { rating: string; comment?: string },
): Promise<void> {
  const site = visible.site;
  await recordOrganizationEvents(tx, [
    { organizationId: site.organizationId, type: "page_feedback", siteId: site.id, payload: { ...siteEvent(visible, found, from), feedback: { rating: feedback.rating, ...(feedback.comment ? { comment: feedback.comment } : {}) } } },
  ]);
}
