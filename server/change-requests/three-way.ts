import type { Db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { conflict } from "../errors";
import { mergePages, pageTreeOf, type PageChanges, type PageConflict, type PageState, type PageTree } from "../content/merge/page-merge";
import { commitRevision, pageKey, parseContentKey, readPages, type FileVersion, type PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { mergeVariables, spaceVariablesOf } from "../content/variables";
import { trieDiff, trieGet, type TrieChange } from "../content/store/trie";

/**
 * Git-like three-way merge of two revisions of a space from their common ancestor: only what
 * changed on either side is read, page by page and inside page bodies line by line. Conflicts
 * throw a 409 naming the pages, before anything is written.
 */
export async function mergeRevisions(
  tx: Db,
  input: { base: Revision; ours: Revision; theirs: Revision; type: "merge" | "update"; authorId: string; changeRequestId?: string },
): Promise<Revision> {
  const { base, ours, theirs } = input;
  const store = new ObjectStore(tx, base.spaceId);
  const [oursDiff, theirsDiff] = await Promise.all([trieDiff(store, base.root, ours.root), trieDiff(store, base.root, theirs.root)]);
  const pages = await pageChanges(store, oursDiff, theirsDiff);
  const files = mergeFiles(oursDiff, theirsDiff);
  let merged: Map<string, PageState | null> = new Map();
  const conflicts: MergeConflict[] = [...files.conflicts];
  if (pages.ours.size > 0 && pages.theirs.size > 0) {
    // Both sides touched pages: the tree checks may ask about pages neither side changed.
    const result = await mergePages({ base: pages.base, ours: pages.ours, theirs: pages.theirs, tree: revisionTree(tx, ours) });
    if (result.ok) merged = result.result;
    else conflicts.push(...result.conflicts);
  } else {
    merged = pages.theirs;
  }
  const variables = mergeVariables(spaceVariablesOf(base), spaceVariablesOf(ours), spaceVariablesOf(theirs));
  if (!variables.ok) conflicts.push({ kind: "variables", names: variables.conflicts });
  if (conflicts.length > 0) throw conflict(describeConflicts(conflicts));

  const put = [...merged.values()].filter((page): page is PageState => page !== null);
  const remove = [...merged].filter(([, page]) => page === null).map(([id]) => id);
  const fileVersions = await store.getObjects<FileVersion>([...files.put.values()]);
  return commitRevision(tx, {
    spaceId: ours.spaceId,
    base: ours,
    parents: [ours.id, theirs.id],
    type: input.type,
    put,
    remove,
    putFiles: [...fileVersions.values()],
    removeFiles: files.remove,
    variables: variables.ok ? variables.variables : undefined,
    authorId: input.authorId,
    changeRequestId: input.changeRequestId,
  });
}


/**
 * The page tree of a stored revision, read as the merge asks: a parent is one trie lookup (so
 * walking up from the moved pages costs their depth, not the space's size); the pages of a slot
 * need the whole list, read once and only when asked.
 */
function revisionTree(tx: Db, revision: Revision): PageTree {
  const store = new ObjectStore(tx, revision.spaceId);
  let whole: Promise<PageTree> | undefined;
  return {
    async parentOf(pageId) {
      const hash = await trieGet(store, revision.root, pageKey(pageId));
      return hash ? (await store.getObject<PageVersion>(hash)).parentId : undefined;
    },
    async pagesWithSlug(parentId, slug) {
      whole ??= readPages(tx, revision).then(pageTreeOf);
      return (await whole).pagesWithSlug(parentId, slug);
    },
  };
}

/** The page changes of each side, with bodies, and the base versions of the pages they touch. */
async function pageChanges(store: ObjectStore, oursDiff: Map<string, TrieChange>, theirsDiff: Map<string, TrieChange>) {
  const hashes = new Set<string>();
  for (const diff of [oursDiff, theirsDiff]) {
    for (const [key, change] of diff) {
      if (parseContentKey(key).kind !== "page") continue;
      if (change.before) hashes.add(change.before);
      if (change.after) hashes.add(change.after);
    }
  }
  const versions = await store.getObjects<PageVersion>(hashes);
  const bodies = await store.getBodies(new Set([...versions.values()].map((version) => version.body)));
  const state = (hash: string): PageState => {
    const { body, ...page } = versions.get(hash)!;
    return { ...page, markdown: bodies.get(body)! };
  };
  const base = new Map<string, PageState>();
  const side = (diff: Map<string, TrieChange>): PageChanges => {
    const changes: PageChanges = new Map();
    for (const [key, change] of diff) {
      const { kind, id: pageId } = parseContentKey(key);
      if (kind !== "page") continue;
      if (change.before) base.set(pageId, state(change.before));
      changes.set(pageId, change.after ? state(change.after) : null);
    }
    return changes;
  };
  return { ours: side(oursDiff), theirs: side(theirsDiff), base };
}

/** Files merge whole: a file changed differently on both sides is a conflict; otherwise theirs applies. */
function mergeFiles(oursDiff: Map<string, TrieChange>, theirsDiff: Map<string, TrieChange>) {
  const put = new Map<string, string>();
  const remove: string[] = [];
  const conflicts: { kind: "file"; fileId: string }[] = [];
  for (const [key, change] of theirsDiff) {
    const { kind, id: fileId } = parseContentKey(key);
    if (kind !== "file") continue;
    const mine = oursDiff.get(key);
    if (mine && mine.after !== change.after) conflicts.push({ kind: "file", fileId });
    else if (change.after) put.set(fileId, change.after);
    else remove.push(fileId);
  }
  return { put, remove, conflicts };
}

type MergeConflict = PageConflict | { kind: "file"; fileId: string } | { kind: "variables"; names: string[] };

function describeConflicts(conflicts: MergeConflict[]): string {
  const parts = conflicts.map((item) => {
    if ("fileId" in item) return `file ${item.fileId} (changed on both sides)`;
    if (!("pageId" in item)) return `space variables ${item.names.join(", ")} (changed on both sides)`;
    return `page "${item.title}" (${item.pageId}): ${item.kind}${item.names ? ` ${item.names.join(", ")}` : ""}`;
  });
  return `Conflicts: ${parts.join("; ")}.`;
}
