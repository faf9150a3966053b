import type { JSONDocument } from "@gitbook/api";
import { z } from "zod";
import { changeRequestInclude, loadChangeRequest, type ChangeRequestAccess } from "../change-requests/access";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Revision, Space } from "../db/generated/client";
import { notFound } from "../errors";
import { listParams, paginateById, type ListResult } from "../pagination";
import { describeLimit, markdownPool, READ_BUDGET_MS } from "../markdown/markdown-pool";
import { loadSpace, type SpaceAccess } from "../policies/access";
import { keyedTextDocument } from "./format/keyed-document";
import { evaluateVariables } from "./format/variables";
import { inReadingOrder, readFile, readFiles, readPage, readPages, type FileVersion, type Page, type PageVersion } from "./revisions";
import { spaceVariablesOf } from "./variables";
import { ObjectStore } from "./store/object-store";
import { currentRevisionOf, revisionById } from "./store/shared-content";
import { openChangeRequestCommentCount } from "../comments/counts";

/**
 * Reads of a space's content: its current revision, a change request's, or any revision of the
 * space by id. Every read opens the revision through `loadSpace` / `loadChangeRequest`, so a
 * caller who cannot see the space gets 404 whatever the revision, page or file asked for.
 * They return records — no URL: the edge presents them (server/presenters/revision.ts) with the
 * request's URLs, the app's place of the content read (`place`) among them.
 */

const flag = z.stringbool({ truthy: ["true"], falsy: ["false"] });

/**
 * `metadata` and `computed` as the reference defines them. Quire keeps no Git metadata and no
 * computed pages, so both are validated but change no answer, and the services do not take them.
 */
export const revisionReadParams = z.object({ metadata: flag.default(true), computed: flag.default(true) });

export const pageReadParams = revisionReadParams.extend({
  format: z.enum(["markdown", "document"]).default("markdown"),
  // Variables are deterministic inputs, so `deterministic-only` evaluates them too.
  evaluated: z
    .enum(["true", "false", "deterministic-only"])
    .default("false")
    .transform((value) => value !== "false"),
});
export type PageReadParams = z.infer<typeof pageReadParams>;

export const fileListParams = listParams.extend(revisionReadParams.shape);
export type FileListParams = z.infer<typeof fileListParams>;

/** Which revision of a space to read. */
export type ContentSource = { kind: "main" } | { kind: "change-request"; ref: string } | { kind: "revision"; revisionId: string };

const MAIN: ContentSource = { kind: "main" };

/** Where the content read opens in the app (server/http/urls.ts `contentApp`): the space's main content, a change request's, or one revision's. */
type ContentPlace = { kind: "main" } | { kind: "change-request"; number: number } | { kind: "revision"; revisionId: string };

/** The revision a source names, with the caller's access (and the change request, for that source). */
export type OpenedRevision = SpaceAccess & { revision: Revision; place: ContentPlace; changeRequest?: ChangeRequestAccess["changeRequest"] };

/** A page of a page tree: in reading order, with its depth and its markdown (the presenter nests them). */
export type OrderedPage = Omit<PageVersion, "body"> & { depth: number; markdown: string };
/** A page's content: the reference's Document is exactly one of these (never neither). */
export type PageBody = { markdown: string } | { document: JSONDocument };

type Placed = { space: Pick<Space, "id" | "organizationId">; place: ContentPlace };
/** A revision read whole: its pages and files, and (a merge) the change request it merged with that one's open comments. */
export type RevisionContentRecord = OpenedRevision & {
  pages: OrderedPage[];
  files: FileVersion[];
  mergedFrom?: { changeRequest: ChangeRequestAccess["changeRequest"]; openComments: number };
};
export type PageTreeRecord = Placed & { pages: OrderedPage[] };
/** One page read alone: its fields, its path and its body, with no subtree. */
export type PageRecord = Placed & { page: Omit<PageVersion, "body">; path: string; body: PageBody };
/** A file of a revision, with the space serving its bytes. */
export type FileRecord = FileVersion & { spaceId: string };

/** Loads the revision a source names, after the caller's access to the space (and change request). */
export async function openRevision(ctx: ServiceContext, spaceId: string, source: ContentSource): Promise<OpenedRevision> {
  const tx = db();
  if (source.kind === "change-request") {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, source.ref);
    const { changeRequest } = access;
    const revision = await revisionById(changeRequest.revisionId);
    if (!revision) throw new Error(`Change request ${changeRequest.id} names no revision ${changeRequest.revisionId}`);
    return { ...access, revision, place: { kind: "change-request", number: changeRequest.number } };
  }
  const access = await loadSpace(tx, ctx.actor, spaceId);
  const { space } = access;
  if (source.kind === "main") {
    return { ...access, revision: await currentRevisionOf(space), place: { kind: "main" } };
  }
  // Scoped by space: a revision of another space is not found, even one the caller can read.
  const revision = await revisionById(source.revisionId);
  if (revision?.spaceId !== spaceId) throw notFound(`No revision ${source.revisionId} in space ${spaceId}.`);
  return { ...access, revision, place: { kind: "revision", revisionId: revision.id } };
}

/** Every page of a revision with its markdown, in reading order (the presenter nests them). */
async function orderedPages(revision: Revision): Promise<OrderedPage[]> {
  const store = ObjectStore.reading(revision.spaceId);
  const versions = await readPages(store, revision);
  const bodies = await store.getBodies(versions.map((version) => version.body));
  return inReadingOrder(versions).map(({ body, ...page }) => ({ ...page, markdown: bodies.get(body)! }));
}

async function sortedFiles(revision: Revision) {
  return [...(await readFiles(ObjectStore.reading(revision.spaceId), revision))].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// ---- Revisions

export async function readRevisionContent(ctx: ServiceContext, spaceId: string, source: ContentSource): Promise<RevisionContentRecord> {
  const opened = await openRevision(ctx, spaceId, source);
  const { revision } = opened;
  const [pages, files, mergedFrom] = await Promise.all([
    orderedPages(revision),
    sortedFiles(revision),
    revision.type === "merge"
      ? db().changeRequest.findFirst({ where: { spaceId, revisionMergedId: revision.id }, include: changeRequestInclude })
      : null,
  ]);
  return {
    ...opened,
    pages,
    files,
    ...(mergedFrom ? { mergedFrom: { changeRequest: mergedFrom, openComments: await openChangeRequestCommentCount(db(), spaceId, mergedFrom.id) } } : {}),
  };
}

export const getSpaceContent = (ctx: ServiceContext, spaceId: string) => readRevisionContent(ctx, spaceId, MAIN);

export const getRevision = (ctx: ServiceContext, spaceId: string, revisionId: string) => readRevisionContent(ctx, spaceId, { kind: "revision", revisionId });

export const getChangeRequestContent = (ctx: ServiceContext, spaceId: string, ref: string) => readRevisionContent(ctx, spaceId, { kind: "change-request", ref });

// ---- Pages

export async function listPages(ctx: ServiceContext, spaceId: string, source: ContentSource): Promise<PageTreeRecord> {
  const { space, place, revision } = await openRevision(ctx, spaceId, source);
  return { space, place, pages: await orderedPages(revision) };
}

export const listSpacePages = (ctx: ServiceContext, spaceId: string) => listPages(ctx, spaceId, MAIN);

export const listChangeRequestPages = (ctx: ServiceContext, spaceId: string, ref: string) => listPages(ctx, spaceId, { kind: "change-request", ref });

/**
 * One page, read alone: one trie lookup for it and one per ancestor (for its `path`), so its
 * cost does not grow with the space. Its subtree is not read (the trie is keyed by page id, so
 * finding children means reading every page): `pages` is empty here; `listPages` gives the tree.
 */
export async function getPage(ctx: ServiceContext, spaceId: string, source: ContentSource, pageId: string, params: PageReadParams): Promise<PageRecord> {
  const { space, place, revision } = await openRevision(ctx, spaceId, source);
  const store = ObjectStore.reading(revision.spaceId);
  const page = await readPage(store, revision, pageId);
  if (!page) throw notFound(`No page ${pageId} in revision ${revision.id}.`);
  const { markdown, ...fields } = page;
  const content = params.evaluated ? evaluateVariables(markdown, { space: spaceVariablesOf(revision), page: fields.variables ?? {} }) : markdown;
  const body: PageBody = params.format === "document" ? { document: await documentOf({ markdown: content, pageId, blockKeys: fields.blockKeys }) } : { markdown: content };
  return { space, place, page: fields, path: await pagePath(store, revision, page), body };
}

export const getSpacePage = (ctx: ServiceContext, spaceId: string, pageId: string, params: PageReadParams) => getPage(ctx, spaceId, MAIN, pageId, params);

export const getChangeRequestPage = (ctx: ServiceContext, spaceId: string, ref: string, pageId: string, params: PageReadParams) =>
  getPage(ctx, spaceId, { kind: "change-request", ref }, pageId, params);

/**
 * A page's document with its block keys, built in the markdown pool. Markdown past the read
 * budget (only a page stored before writes were held to a smaller one) is answered as its text,
 * so the page still reads.
 */
async function documentOf(version: { markdown: string; pageId: string; blockKeys?: string[] }): Promise<JSONDocument> {
  const outcome = (await markdownPool().map("keyedDocument", [version], READ_BUDGET_MS))[0]!;
  if (outcome.ok) return outcome.value;
  console.warn(`Page ${version.pageId} answered as text: its markdown is ${describeLimit(outcome.limit, READ_BUDGET_MS)}.`);
  return keyedTextDocument(version);
}

/**
 * Ancestors' slugs and the page's own, as the tree places it: a missing parent makes the last
 * ancestor found a top-level page, and a page whose ancestry loops sits at the top level.
 */
async function pagePath(store: ObjectStore, revision: Revision, page: Page): Promise<string> {
  const slugs = [page.slug];
  const seen = new Set([page.id]);
  let parentId = page.parentId;
  while (parentId !== null) {
    if (seen.has(parentId)) return page.slug;
    seen.add(parentId);
    const parent = await readPage(store, revision, parentId);
    if (!parent) break;
    slugs.push(parent.slug);
    parentId = parent.parentId;
  }
  return slugs.reverse().join("/");
}

/** The space's variables in a revision, or with `pageId` that page's (one trie lookup), for the editor. */
export async function readVariables(ctx: ServiceContext, spaceId: string, source: ContentSource, pageId?: string) {
  const { revision } = await openRevision(ctx, spaceId, source);
  if (pageId === undefined) return { variables: spaceVariablesOf(revision) };
  const page = await readPage(ObjectStore.reading(revision.spaceId), revision, pageId);
  if (!page) throw notFound(`No page ${pageId} in revision ${revision.id}.`);
  return { variables: page.variables ?? {} };
}

// ---- Files

/** A revision's files by id, paged like every list (the cursor is the last id), from the file list in memory. */
export async function listFiles(ctx: ServiceContext, spaceId: string, source: ContentSource, params: FileListParams): Promise<ListResult<FileRecord>> {
  const { space, revision } = await openRevision(ctx, spaceId, source);
  const files = await sortedFiles(revision);
  const page = await paginateById(
    params,
    async (afterId, take) => (afterId === undefined ? files : files.filter((file) => file.id > afterId)).slice(0, take),
    async () => files.length,
  );
  return { ...page, items: page.items.map((file) => ({ ...file, spaceId: space.id })) };
}

export const listSpaceFiles = (ctx: ServiceContext, spaceId: string, params: FileListParams) => listFiles(ctx, spaceId, MAIN, params);

export const listChangeRequestFiles = (ctx: ServiceContext, spaceId: string, ref: string, params: FileListParams) =>
  listFiles(ctx, spaceId, { kind: "change-request", ref }, params);

export async function getFile(ctx: ServiceContext, spaceId: string, source: ContentSource, fileId: string): Promise<FileRecord> {
  const { space, revision } = await openRevision(ctx, spaceId, source);
  const file = await readFile(ObjectStore.reading(revision.spaceId), revision, fileId);
  if (!file) throw notFound(`No file ${fileId} in revision ${revision.id}.`);
  return { ...file, spaceId: space.id };
}

export const getSpaceFile = (ctx: ServiceContext, spaceId: string, fileId: string) => getFile(ctx, spaceId, MAIN, fileId);

export const getChangeRequestFile = (ctx: ServiceContext, spaceId: string, ref: string, fileId: string) => getFile(ctx, spaceId, { kind: "change-request", ref }, fileId);
