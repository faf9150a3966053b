import { createHash } from "node:crypto";
import { z } from "zod";
import { openRevision, type ContentSource } from "../content/reads";
import { currentRevision } from "../content/revisions";
import { db } from "../db/client";
import { notFound } from "../errors";
import { decodeCursor, listParams, paginateById } from "../pagination";
import { inAppMatcher, type LinkReadContext, LINK_STATUSES, loadLinkGraph, type LinkGraph } from "./link-graph";
import { locationRecords, type LinkItem } from "./locations";

/**
 * The links of a space, a change request or one of their pages: one item per target, with every
 * page linking to it, and `stats` over all of them whatever the status filter.
 */

export const linkListParams = listParams.extend({ status: z.enum(LINK_STATUSES).optional() });
export type LinkListParams = z.infer<typeof linkListParams>;

type KeyedItem = LinkItem & { id: string; key: string };

/**
 * Items ordered by a digest of their target: an order that does not move when other links are
 * added or removed, so the list cursor (the last digest) keeps its place between pages.
 */
function linkItems(graph: LinkGraph, pageId?: string): KeyedItem[] {
  const items = new Map<string, KeyedItem>();
  for (const page of graph.pages) {
    if (pageId !== undefined && page.id !== pageId) continue;
    for (const link of graph.linksOf.get(page.id) ?? []) {
      const item = items.get(link.key);
      if (item) item.locations.push(page.id);
      else items.set(link.key, { id: digest(link.key), key: link.key, status: link.status, relation: link.relation, ref: link.ref, locations: [page.id] });
    }
  }
  return [...items.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const digest = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 22);

/** Links of a revision (of one page of it, with `pageId`), and the locations of the pages linking on this page of the list. */
export async function listLinks(ctx: LinkReadContext, spaceId: string, source: ContentSource, params: LinkListParams, pageId?: string) {
  // A malformed cursor is a 400 before any lookup can answer 404.
  decodeCursor(params.page);
  const opened = await openRevision(ctx, spaceId, source);
  const isInApp = inAppMatcher(ctx.urls.origin);
  const graph = await loadLinkGraph(opened.revision, isInApp);
  if (pageId !== undefined && !graph.pageById.has(pageId)) throw notFound(`No page ${pageId} in revision ${opened.revision.id}.`);
  const items = linkItems(graph, pageId);
  const broken = items.filter((item) => item.status === "broken");

  // A change request's own broken links: broken there, and not already broken in the main content.
  let brokenByChangeRequest = 0;
  if (opened.changeRequest) {
    const main = await loadLinkGraph(await currentRevision(db(), opened.space), isInApp);
    const brokenInMain = new Set(linkItems(main, pageId).flatMap((item) => (item.status === "broken" ? [item.key] : [])));
    brokenByChangeRequest = broken.filter((item) => !brokenInMain.has(item.key)).length;
  }

  const selected = params.status ? items.filter((item) => item.status === params.status) : items;
  const page = await paginateById(
    params,
    async (afterId, take) => (afterId === undefined ? selected : selected.filter((item) => item.id > afterId)).slice(0, take),
    async () => selected.length,
  );
  return {
    ...page,
    stats: { total: items.length, broken: { total: broken.length, changeRequest: brokenByChangeRequest } },
    locations: await locationRecords(opened, graph, page.items.flatMap((item) => item.locations)),
  };
}

const MAIN: ContentSource = { kind: "main" };

export const listSpaceLinks = (ctx: LinkReadContext, spaceId: string, params: LinkListParams) => listLinks(ctx, spaceId, MAIN, params);

export const listSpacePageLinks = (ctx: LinkReadContext, spaceId: string, pageId: string, params: LinkListParams) => listLinks(ctx, spaceId, MAIN, params, pageId);

export const listChangeRequestLinks = (ctx: LinkReadContext, spaceId: string, ref: string, params: LinkListParams) =>
  listLinks(ctx, spaceId, { kind: "change-request", ref }, params);

export const listChangeRequestPageLinks = (ctx: LinkReadContext, spaceId: string, ref: string, pageId: string, params: LinkListParams) =>
  listLinks(ctx, spaceId, { kind: "change-request", ref }, params, pageId);
