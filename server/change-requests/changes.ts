import { layoutOf, sameCover, sameLayout, type PageCover, type PageLayout } from "../content/page-display";
import { parseContentKey, type FileVersion, type PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { trieDiff } from "../content/store/trie";
import { sameVariables, spaceVariablesOf, variableChanges, type Variables } from "../content/variables";
import { db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { PageDraft, type PageNode } from "./content-changes/page-draft";

/** The changes between two revisions of a space: what `get-change-request-changes.ts` and `get-revision-changes.ts` answer. */

type Change =
  | { type: "page_created" | "page_deleted"; page: PageVersion }
  | { type: "page_edited"; before: PageVersion; after: PageVersion }
  | { type: "page_moved"; before: PageVersion; after: PageVersion }
  | { type: "file_created" | "file_deleted"; file: FileVersion }
  | { type: "file_edited"; before: FileVersion; after: FileVersion }
  | { type: "variables_edited"; variables: ReturnType<typeof variableChanges> };

const ORDER: Change["type"][] = ["page_created", "page_edited", "page_moved", "page_deleted", "file_created", "file_edited", "file_deleted", "variables_edited"];
const PAGE_FIELDS = ["title", "description", "slug", "emoji", "icon"] as const;
const PAGE_FLAGS = ["hidden", "noIndex", "noRobotsIndex"] as const;
/** A file's fields a file_edited change shows before and after (with its bytes, as a download URL, and its dimensions). */
export const FILE_FIELDS = ["name", "contentType", "size"] as const;

/**
 * A page_edited change's attributes: the reference's `RevisionPageDocumentChangeAttributes`,
 * with the icon and the visibility flags (which it has no attribute for) added as before/after.
 */
type PageAttributes = Partial<Record<(typeof PAGE_FIELDS)[number] | "document", { before?: string; after?: string }>> &
  Partial<Record<(typeof PAGE_FLAGS)[number], { before: boolean; after: boolean }>> & {
    layout?: { before: PageLayout; after: PageLayout };
    cover?: { before?: PageCover; after?: PageCover };
    variables?: { before: Variables; after: Variables };
  };

/** Whether a page's own fields differ (not its place in the tree). */
function pageEdited(old: PageVersion, current: PageVersion): boolean {
  return (
    old.body !== current.body ||
    PAGE_FIELDS.some((field) => old[field] !== current[field]) ||
    PAGE_FLAGS.some((flag) => old[flag] !== current[flag]) ||
    !sameLayout(old.layout, current.layout) ||
    !sameCover(old.cover, current.cover) ||
    !sameVariables(old.variables, current.variables)
  );
}

/** A page as a change names it: with its path in the tree on its side of the change. */
type ChangedPage = { id: string; type: "document"; title: string; path: string };

/** One change as the answer lists it, files as their versions. */
export type ChangeRecord =
  | { type: "page_created" | "page_deleted"; page: ChangedPage }
  | { type: "page_edited"; page: ChangedPage; attributes: PageAttributes }
  | { type: "page_moved"; page: ChangedPage; parent: { before?: ChangedPage; after?: ChangedPage } }
  | { type: "file_created" | "file_deleted"; file: FileVersion }
  | { type: "file_edited"; before: FileVersion; after: FileVersion }
  | { type: "variables_edited"; variables: ReturnType<typeof variableChanges> };

/** The changes between two revisions of a space, the first `limit` of them (`more`: how many were left out). */
export type ChangesRecord = { spaceId: string; changes: ChangeRecord[]; more?: number };

/** Whether a file's fields, bytes or dimensions differ. */
function fileEdited(old: FileVersion, current: FileVersion): boolean {
  return FILE_FIELDS.some((field) => old[field] !== current[field]) || old.blob !== current.blob || old.width !== current.width || old.height !== current.height;
}

/**
 * Pages created, edited, moved and deleted, files created, edited and deleted, and the space's
 * variables, from `base` to `head`: the answer's shape, but files as their versions (their download
 * URLs are the edge's: server/presenters/changes.ts). The two revisions are compared with
 * `trieDiff`, which skips everything they share, so the cost follows the size of the change, not of
 * the space.
 */
export async function changesBetween(spaceId: string, base: Revision, head: Revision, params: { limit: number }): Promise<ChangesRecord> {
  const store = new ObjectStore(db(), spaceId);
  const diff = await trieDiff(store, base.root, head.root);
  const objects = await store.getObjects<PageVersion | FileVersion>([...diff.values()].flatMap((change) => [change.before, change.after].filter((hash): hash is string => !!hash)));
  const before = new PageDraft(db(), base);
  const after = new PageDraft(db(), head);
  const reordered = reorderCheck(before, after);

  const changes: Change[] = [];
  for (const [key, change] of diff) {
    const was = change.before ? objects.get(change.before) : undefined;
    const is = change.after ? objects.get(change.after) : undefined;
    if (parseContentKey(key).kind === "file") {
      const [old, current] = [was as FileVersion | undefined, is as FileVersion | undefined];
      if (!old && current) changes.push({ type: "file_created", file: current });
      else if (old && !current) changes.push({ type: "file_deleted", file: old });
      else if (old && current && fileEdited(old, current)) changes.push({ type: "file_edited", before: old, after: current });
      continue;
    }
    const [old, current] = [was as PageVersion | undefined, is as PageVersion | undefined];
    if (!old && current) changes.push({ type: "page_created", page: current });
    else if (old && !current) changes.push({ type: "page_deleted", page: old });
    else if (old && current) {
      if (pageEdited(old, current)) changes.push({ type: "page_edited", before: old, after: current });
      if (old.parentId !== current.parentId || (old.sortKey !== current.sortKey && (await reordered(current.id)))) {
        changes.push({ type: "page_moved", before: old, after: current });
      }
    }
  }
  const spaceVariables = variableChanges(spaceVariablesOf(base), spaceVariablesOf(head));
  if (Object.keys(spaceVariables).length > 0) changes.push({ type: "variables_edited", variables: spaceVariables });
  changes.sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type) || nameOf(a).localeCompare(nameOf(b)));

  const shown = changes.slice(0, params.limit);
  const edited = shown.flatMap((change) => (change.type === "page_edited" && change.before.body !== change.after.body ? [change.before.body, change.after.body] : []));
  const bodies = await store.getBodies(edited);
  const changedPage = async (side: PageDraft, page: PageNode): Promise<ChangedPage> => ({ id: page.id, type: "document", title: page.title, path: await pathOf(side, page) });
  const items: ChangeRecord[] = [];
  for (const change of shown) {
    switch (change.type) {
      case "page_created":
        items.push({ type: change.type, page: await changedPage(after, change.page) });
        break;
      case "page_deleted":
        items.push({ type: change.type, page: await changedPage(before, change.page) });
        break;
      case "page_edited": {
        const attributes: PageAttributes = {};
        for (const field of PAGE_FIELDS) {
          if (change.before[field] !== change.after[field]) attributes[field] = defined({ before: change.before[field], after: change.after[field] });
        }
        if (change.before.body !== change.after.body) attributes.document = { before: bodies.get(change.before.body)!, after: bodies.get(change.after.body)! };
        for (const flag of PAGE_FLAGS) {
          if (change.before[flag] !== change.after[flag]) attributes[flag] = { before: change.before[flag] ?? false, after: change.after[flag] ?? false };
        }
        if (!sameLayout(change.before.layout, change.after.layout)) attributes.layout = { before: layoutOf(change.before), after: layoutOf(change.after) };
        if (!sameCover(change.before.cover, change.after.cover)) attributes.cover = defined({ before: change.before.cover, after: change.after.cover });
        if (!sameVariables(change.before.variables, change.after.variables)) {
          attributes.variables = { before: change.before.variables ?? {}, after: change.after.variables ?? {} };
        }
        items.push({ type: change.type, page: await changedPage(after, change.after), attributes });
        break;
      }
      case "page_moved": {
        const [oldParent, newParent] = await Promise.all([
          change.before.parentId ? before.node(change.before.parentId) : null,
          change.after.parentId ? after.node(change.after.parentId) : null,
        ]);
        items.push({
          type: change.type,
          page: await changedPage(after, change.after),
          parent: {
            ...(oldParent ? { before: await changedPage(before, oldParent) } : {}),
            ...(newParent ? { after: await changedPage(after, newParent) } : {}),
          },
        });
        break;
      }
      case "file_created":
      case "file_deleted":
        items.push({ type: change.type, file: change.file });
        break;
      case "file_edited":
        items.push({ type: change.type, before: change.before, after: change.after });
        break;
      case "variables_edited":
        items.push({ type: change.type, variables: change.variables });
        break;
    }
  }
  return { spaceId, changes: items, ...(changes.length > shown.length ? { more: changes.length - shown.length } : {}) };
}

/**
 * Whether pages whose sortKey changed under the same parent changed places among the siblings
 * both revisions share (renumbered siblings keep their order). Reads both trees once, and each
 * parent's children once.
 */
function reorderCheck(before: PageDraft, after: PageDraft) {
  const positions = new Map<string | null, { before: Map<string, number>; after: Map<string, number> }>();
  const shared = (side: PageDraft, other: PageDraft, parentId: string | null) =>
    new Map(
      side
        .childrenOf(parentId)
        .filter((page) => other.nodeSync(page.id)?.parentId === parentId)
        .map((page, position) => [page.id, position]),
    );
  return async (pageId: string): Promise<boolean> => {
    await Promise.all([before.loadTree(), after.loadTree()]);
    const parentId = after.nodeSync(pageId)!.parentId;
    let order = positions.get(parentId);
    if (!order) positions.set(parentId, (order = { before: shared(before, after, parentId), after: shared(after, before, parentId) }));
    return order.before.get(pageId) !== order.after.get(pageId);
  };
}

async function pathOf(side: PageDraft, page: PageNode): Promise<string> {
  const ancestors = page.parentId ? await side.lineage(page.parentId) : [];
  return [...ancestors.reverse().map((ancestor) => ancestor.slug), page.slug].join("/");
}

function nameOf(change: Change): string {
  if (change.type === "variables_edited") return "";
  if ("page" in change) return change.page.title;
  if ("file" in change) return change.file.name;
  return "title" in change.after ? change.after.title : change.after.name;
}

export function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
