import type { FileRecord, OrderedPage, PageBody, PageRecord, PageTreeRecord, RevisionContentRecord } from "../content/reads";
import type { PageVersion } from "../content/revisions";
import { layoutOf, type PageCover, type PageLayout } from "../content/page-display";
import { spaceVariablesOf, type Variables } from "../content/variables";
import type { Revision, Space } from "../db/generated/client";
import type { Urls } from "../http/urls";
import { presentChangeRequest, type ChangeRequestObject } from "./change-request";

/**
 * Revisions, pages and files as the reference's Revision, RevisionPageDocument and RevisionFile.
 * Quire stores neither Git metadata, computed pages, reusable contents nor tags, so those
 * fields are absent or empty.
 */

/** Page fields the presenter reads: a stored version without (or with) its body. */
export type PageFields = Omit<PageVersion, "body">;

export type PageObject = {
  id: string;
  title: string;
  emoji?: string;
  description?: string;
  createdAt: string;
  updatedAt: string;
  kind: "sheet";
  type: "document";
  urls: { app: string };
  slug: string;
  path: string;
  pages: PageObject[];
  layout: PageLayout;
  cover?: PageCover;
  icon?: string;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  /** The page's adaptive-content condition, only when it has one. */
  condition?: string;
  tags: never[];
  variables?: Variables;
} & PageBody;

/**
 * One page. `appBase` is the app URL of the content it belongs to (the space, a change request
 * or a revision), `path` its ancestors' slugs and its own joined with "/".
 */
export function presentPage(page: PageFields, input: { path: string; body: PageBody; pages: PageObject[]; appBase: string }): PageObject {
  return {
    id: page.id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.description ? { description: page.description } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    kind: "sheet",
    type: "document",
    urls: { app: `${input.appBase}/p/${page.id}` },
    slug: page.slug,
    path: input.path,
    pages: input.pages,
    layout: layoutOf(page),
    ...(page.cover ? { cover: page.cover } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    hidden: page.hidden ?? false,
    noIndex: page.noIndex ?? false,
    noRobotsIndex: page.noRobotsIndex ?? false,
    ...(page.condition ? { condition: page.condition } : {}),
    tags: [],
    ...(page.variables && Object.keys(page.variables).length > 0 ? { variables: page.variables } : {}),
    ...input.body,
  };
}

/**
 * The nested page tree of a revision in reading order (see `inReadingOrder`): each page under
 * the last page one level up, so orphans and pages caught in a parent cycle sit at the top level.
 */
export function presentPageTree(ordered: OrderedPage[], appBase: string): PageObject[] {
  const roots: PageObject[] = [];
  const stack: PageObject[] = [];
  for (const { depth, markdown, ...page } of ordered) {
    stack.length = depth;
    const parent = stack[depth - 1];
    const path = parent ? `${parent.path}/${page.slug}` : page.slug;
    const presented = presentPage(page, { path, body: { markdown }, pages: [], appBase });
    (parent ? parent.pages : roots).push(presented);
    stack.push(presented);
  }
  return roots;
}

/** A page tree as a content read answers it (server/content/reads.ts `listPages`). */
export function presentPageTreeRecord(record: PageTreeRecord, urls: Urls) {
  return { pages: presentPageTree(record.pages, urls.contentApp(record.space, record.place)) };
}

/** One page read alone (`getPage`): no subtree. */
export function presentPageRecord(record: PageRecord, urls: Urls): PageObject {
  return presentPage(record.page, { path: record.path, body: record.body, pages: [], appBase: urls.contentApp(record.space, record.place) });
}

export function presentFile(file: FileRecord, urls: Urls) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: urls.fileDownload(file.spaceId, file),
    size: file.size,
    ...(file.width !== undefined && file.height !== undefined ? { dimensions: { width: file.width, height: file.height } } : {}),
  };
}
export type FileObject = ReturnType<typeof presentFile>;

/**
 * A revision with its page tree and files. The reference's `merge` type requires the change
 * request merged (`mergedFrom`); a merge revision without one, and any type the reference does
 * not know, is presented as `edits`.
 */
export function presentRevision(
  revision: Revision,
  space: Pick<Space, "id" | "organizationId">,
  content: { pages: PageObject[]; files: FileObject[]; mergedFrom?: ChangeRequestObject },
  urls: Urls,
) {
  const base = {
    object: "revision" as const,
    id: revision.id,
    parents: revision.parents,
    pages: content.pages,
    files: content.files,
    reusableContents: [],
    tags: [],
    variables: spaceVariablesOf(revision),
    createdAt: revision.createdAt.toISOString(),
    urls: { app: urls.contentApp(space, { kind: "revision", revisionId: revision.id }) },
  };
  if (revision.type === "merge" && content.mergedFrom) return { ...base, type: "merge" as const, mergedFrom: content.mergedFrom };
  if (revision.type === "update" || revision.type === "rollback") return { ...base, type: revision.type };
  return { ...base, type: "edits" as const };
}

/** A revision read whole (server/content/reads.ts `readRevisionContent`): its page tree, its files, the change request it merged. */
export function presentRevisionContent(record: RevisionContentRecord, urls: Urls) {
  const { revision, space, mergedFrom } = record;
  return presentRevision(
    revision,
    space,
    {
      pages: presentPageTree(record.pages, urls.contentApp(space, record.place)),
      files: record.files.map((file) => presentFile({ ...file, spaceId: space.id }, urls)),
      ...(mergedFrom ? { mergedFrom: presentChangeRequest({ ...mergedFrom.changeRequest, space: record.space, role: record.role, viewerId: record.userId, openComments: mergedFrom.openComments }, urls) } : {}),
    },
    urls,
  );
}
