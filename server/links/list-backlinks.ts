import type { ContentRef } from "@gitbook/api";
import { openRevision, type ContentSource } from "../content/reads";
import { notFound } from "../errors";
import { decodeCursor, paginateById, type ListParams } from "../pagination";
import { inAppMatcher, type LinkReadContext, loadLinkGraph } from "./link-graph";
import { locationRecords } from "./locations";

/**
 * The pages of a revision linking to one of its pages or files, by page id. Found from every
 * page version's recorded targets (O(pages), no body read): nothing indexes targets back to
 * pages. A page's links to itself (its own anchors included) are not backlinks.
 */

export type BacklinkTarget = { kind: "page"; page: string } | { kind: "file"; file: string };

const pointsAt = (ref: ContentRef, target: BacklinkTarget) =>
  target.kind === "page" ? (ref.kind === "page" || ref.kind === "anchor") && ref.page === target.page : ref.kind === "file" && ref.file === target.file;

export async function listBacklinks(ctx: LinkReadContext, spaceId: string, source: ContentSource, target: BacklinkTarget, params: ListParams) {
  // A malformed cursor is a 400 before any lookup can answer 404.
  decodeCursor(params.page);
  const opened = await openRevision(ctx, spaceId, source);
  const graph = await loadLinkGraph(opened.revision, inAppMatcher(ctx.urls.origin));
  if (target.kind === "page" && !graph.pageById.has(target.page)) throw notFound(`No page ${target.page} in revision ${opened.revision.id}.`);
  if (target.kind === "file" && !graph.fileIds.has(target.file)) throw notFound(`No file ${target.file} in revision ${opened.revision.id}.`);

  const linking = graph.pages
    .filter((page) => !(target.kind === "page" && page.id === target.page))
    .filter((page) => (graph.linksOf.get(page.id) ?? []).some((link) => pointsAt(link.ref, target)))
    .map((page) => ({ id: page.id }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const page = await paginateById(
    params,
    async (afterId, take) => (afterId === undefined ? linking : linking.filter((row) => row.id > afterId)).slice(0, take),
    async () => linking.length,
  );
  return { ...page, locations: await locationRecords(opened, graph, page.items.map((row) => row.id)) };
}

const MAIN: ContentSource = { kind: "main" };
const inChangeRequest = (ref: string): ContentSource => ({ kind: "change-request", ref });

export const listSpacePageBacklinks = (ctx: LinkReadContext, spaceId: string, pageId: string, params: ListParams) =>
  listBacklinks(ctx, spaceId, MAIN, { kind: "page", page: pageId }, params);

export const listSpaceFileBacklinks = (ctx: LinkReadContext, spaceId: string, fileId: string, params: ListParams) =>
  listBacklinks(ctx, spaceId, MAIN, { kind: "file", file: fileId }, params);

export const listChangeRequestPageBacklinks = (ctx: LinkReadContext, spaceId: string, ref: string, pageId: string, params: ListParams) =>
  listBacklinks(ctx, spaceId, inChangeRequest(ref), { kind: "page", page: pageId }, params);

export const listChangeRequestFileBacklinks = (ctx: LinkReadContext, spaceId: string, ref: string, fileId: string, params: ListParams) =>
  listBacklinks(ctx, spaceId, inChangeRequest(ref), { kind: "file", file: fileId }, params);
