import { db } from "../../db/client";
import { notFound } from "../../errors";
import { requestClientAddress } from "../../http/client-address";
import { newId } from "../../ids";
import { takeFromWindow, type WindowRule } from "../../rate-limits/windows";
import type { ModelPage, ModelSection, ModelSiteSpace, VisibleSite } from "../serve/types";
import { recordPageFeedbackEvent, recordSiteViewEvent, type SiteEventRequest } from "./events";
import { pageFeedbackInput, type PageFeedbackInput, type PageViewInput } from "./schemas";
import { inTransaction } from "../../db/transaction";

/**
 * Recording what readers do on a published site. Both take the VISIBLE site (after the gate), so
 * only a page this visitor may read can be counted or rated: anything else is "not found", exactly
 * as the page itself would be. No domain event is recorded: the event log's actor is a member
 * (server/events/record-event.ts joins `users`), and a reader is anonymous.
 */

/** Feedback a site takes per minute (whatever its readers), so that a flood cannot fill the table faster than this. */
export const FEEDBACK_RULE: WindowRule = { limit: 60, windowSeconds: 60 };

/**
 * Page views one client address may count on a site per minute. Views only increment a row per page
 * and day, so they cannot grow a table; the bound keeps one client from inflating the counts (and a
 * reader reloading a page is far below it).
 */
export const VIEWS_RULE: WindowRule = { limit: 120, windowSeconds: 60 };

export type VisiblePage = { section: ModelSection | null; siteSpace: ModelSiteSpace; page: ModelPage };

/** The site space of the visible site with this id (with its section), and its page, when this visitor may see both. */
export function visiblePage(visible: VisibleSite, siteSpaceId: string, pageId: string): VisiblePage | null {
  const siteSpaces = [
    ...visible.rootSiteSpaces.map((siteSpace) => ({ section: null, siteSpace })),
    ...visible.sections.flatMap((section) => section.siteSpaces.map((siteSpace) => ({ section, siteSpace }))),
  ];
  const found = siteSpaces.find((candidate) => candidate.siteSpace.id === siteSpaceId);
  const page = found?.siteSpace.pages.find((candidate) => candidate.id === pageId);
  return found && page ? { ...found, page } : null;
}

function requireVisiblePage(visible: VisibleSite, siteSpaceId: string, pageId: string): VisiblePage {
  const found = visiblePage(visible, siteSpaceId, pageId);
  if (!found) throw notFound("This page does not exist on this site.");
  return found;
}

/**
 * Adds one to today's (UTC) views of the page: one upsert; and the `site_view` event, when anyone
 * gets it (server/sites/insights/events.ts). "busy" past VIEWS_RULE for the client's address: the view
 * is not counted.
 */
export async function recordPageView(visible: VisibleSite, input: Pick<PageViewInput, "siteSpaceId" | "pageId">, from: SiteEventRequest): Promise<"recorded" | "busy"> {
  const found = requireVisiblePage(visible, input.siteSpaceId, input.pageId);
  const { siteSpace, page } = found;
  if (!(await takeFromWindow(`views:${visible.site.id}:${requestClientAddress(from.request)}`, VIEWS_RULE))) return "busy";
  await db().$executeRaw`
    INSERT INTO site_page_views (site_id, space_id, page_id, day, views)
    VALUES (${visible.site.id}, ${siteSpace.spaceId}, ${page.id}, (now() AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (site_id, day, space_id, page_id) DO UPDATE SET views = site_page_views.views + 1`;
  await recordSiteViewEvent(visible, found, from);
  return "recorded";
}

/**
 * Stores a reader's rating (and comment) of a page, and says which page it was. "busy" when the
 * site already took FEEDBACK_RULE's answers this minute: the answer is dropped, and the reader told.
 * Stored with its `page_feedback` event (server/sites/insights/events.ts).
 */
export async function recordPageFeedback(visible: VisibleSite, input: PageFeedbackInput, from: SiteEventRequest): Promise<{ outcome: "recorded" | "busy"; page: VisiblePage }> {
  const { siteSpaceId, pageId, rating, comment } = pageFeedbackInput.parse(input);
  const found = requireVisiblePage(visible, siteSpaceId, pageId);
  const { siteSpace, page } = found;
  const siteId = visible.site.id;
  if (!(await takeFromWindow(`feedback:${siteId}`, FEEDBACK_RULE))) return { outcome: "busy", page: found };
  await inTransaction(async (tx) => {
    await tx.sitePageFeedback.create({ data: { id: newId(), siteId, siteSpaceId: siteSpace.id, spaceId: siteSpace.spaceId, pageId: page.id, rating, comment: comment ?? null } });
    await recordPageFeedbackEvent(tx, visible, found, from, { rating, comment });
  }, "record");
  return { outcome: "recorded", page: found };
}
