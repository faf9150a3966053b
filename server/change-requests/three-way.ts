import type { Db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { extractLinks } from "../content/format";
import { createHash } from "node:crypto";
import { bodyMerges, mergePages, pageTreeOf, type PageChanges, type PageState, type PageTree } from "../content/merge/page-merge";
import { coverFiles } from "../content/page-display";
import { commitRevision, pageKey, parseContentKey, readPages, type FileVersion, type PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { mergeVariables, spaceVariablesOf, type Variables } from "../content/variables";
import type { ConflictSide } from "../content/merge/conflicts";
import { trieDiff, trieGet, type TrieChange } from "../content/store/trie";
import { conflictError, type MergeConflict, type MergeSide } from "./merge-conflicts";
import { applyResolutions, checkResolutions, resolveBlocks } from "./resolve-conflicts";
import type { BodyMergeInput, BodyMergeOutcome } from "../content/merge/body-merge";
import type { KeySource } from "../content/format/keyed-document";
import { markdownPool, WRITE_BUDGET_MS } from "../markdown/markdown-pool";
import type { MergeResolutions } from "./schemas-resolutions";

/**
 * Git-like three-way merge of two revisions of a space from their common ancestor: only what
 * changed on either side is read, page by page and inside page bodies block by block. Conflicts
 * throw a 409 whose details list them (`MergeConflicts`), before anything is written.
 */
export async function mergeRevisions(
  tx: Db,
  input: {
    base: Revision;
    ours: Revision;
    theirs: Revision;
    type: "merge" | "update";
    authorId: string;
    changeRequestId?: string;
    /** Resolutions of the conflicts this merge has (checked against them): the sides are made to agree on what they resolve. */
    resolutions?: MergeResolutions;
    /** Body merges made before the write (`premergeBodies`): those of the same versions are not made again. */
    premerged?: PremergedBodies;
  },
): Promise<Revision> {
  const { base, ours, theirs } = input;
  const store = new ObjectStore(tx, base.spaceId);
  let sides = await mergeSides(store, input);
  const sideOf = (side: ConflictSide): MergeSide => ((side === "main") === (input.type === "merge") ? "ours" : "theirs");
  const changeRequest = sideOf("changeRequest");
  const mergeBodies = bodyMerger(input.premerged);
  let attempt = await attemptMerge(tx, store, ours, sides, changeRequest, mergeBodies);
  // The bodies' keyed documents, where a merge or a resolution wrote them anew.
  let documents = attempt.documents;
  const { pages } = sides;
  if (input.resolutions) {
    await checkResolutions(input.resolutions, attempt.conflicts, { pages: sides.pages, unresolvable: (conflicts) => conflictError(store, { ...input, ...sides, conflicts }, UNRESOLVABLE) });
    const resolved = await resolveBlocks(input.resolutions, sides.pages, sideOf, mergeBodies);
    sides = applyResolutions(sides, resolved.resolutions, sideOf);
    attempt = await attemptMerge(tx, store, ours, sides, changeRequest, mergeBodies);
    documents = new Map([...attempt.documents, ...resolved.documents]);
  }
  const { merged, files, variables, conflicts } = attempt;
  if (!merged || conflicts.length > 0) throw await conflictError(store, { ...input, ...sides, conflicts });
  const { theirsDiff: theirsChanges } = sides;

  // A page taken whole from theirs keeps its stored version (nothing to hash or parse again); one
  // taken whole from ours is already in the base of the new revision.
  const put: PageState[] = [];
  const putVersions = new Map<string, string>();
  const remove: string[] = [];
  for (const [pageId, page] of merged) {
    if (page === null) remove.push(pageId);
    else if (page === sides.pages.theirs.get(pageId)) putVersions.set(pageId, theirsChanges.get(pageKey(pageId))!.after!);
    else if (page !== sides.pages.ours.get(pageId)) put.push(page);
  }
  // A merged body keeps the keys its block merge gave (and, for what it did not, those of either
  // side's version: theirs, then the ancestor's; ours, the commit's base, comes last).
  const keySources = new Map(
    put.map((page): [string, KeySource[]] => {
      const document = documents.get(page.id);
      const versions = [pages.theirs.get(page.id), pages.base.get(page.id)].flatMap((state) => (state ? [{ markdown: state.markdown, blockKeys: state.blockKeys, pageId: page.id }] : []));
      return [page.id, [...(document ? [{ documentJson: document }] : []), ...versions]];
    }),
  );
  const fileVersions = await store.getObjects<FileVersion>([...files.put.values()]);
  return commitRevision(tx, {
    spaceId: ours.spaceId,
    base: ours,
    parents: [ours.id, theirs.id],
    type: input.type,
    put,
    putVersions,
    keySources,
    remove,
    putFiles: [...fileVersions.values()],
    removeFiles: files.remove,
    variables,
    authorId: input.authorId,
    changeRequestId: input.changeRequestId,
  });
}

const UNRESOLVABLE = "Some of these conflicts cannot be resolved by choosing between the versions: edit the change request so that its pages and the space's agree, then update again.";

/** What a merge compares: each side's changes since base, and the space variables of the three revisions. */
export type MergeSides = {
  pages: { base: Map<string, PageState>; ours: PageChanges; theirs: PageChanges; resolved?: ReadonlySet<string> };
  oursDiff: Map<string, TrieChange>;
  theirsDiff: Map<string, TrieChange>;
  variables: { base: Variables; ours: Variables; theirs: Variables };
};

/** What a merge compares, read from the three revisions. */
async function mergeSides(store: ObjectStore, { base, ours, theirs }: { base: Revision; ours: Revision; theirs: Revision }): Promise<MergeSides> {
  const [oursDiff, theirsDiff] = await Promise.all([trieDiff(store, base.root, ours.root), trieDiff(store, base.root, theirs.root)]);
  return {
    pages: await pageChanges(store, oursDiff, theirsDiff),
    oursDiff,
    theirsDiff,
    variables: { base: spaceVariablesOf(base), ours: spaceVariablesOf(ours), theirs: spaceVariablesOf(theirs) },
  };
}

/** The merge of two sides, or its conflicts; nothing is written. */
async function attemptMerge(tx: Db, store: ObjectStore, ours: Revision, sides: MergeSides, changeRequest: MergeSide, mergeBodies: BodyMerger) {
  const { pages } = sides;
  const files = mergeFiles(sides.oursDiff, sides.theirsDiff);
  let merged: Map<string, PageState | null> | undefined;
  let documents = new Map<string, string>();
  const conflicts: MergeConflict[] = [...files.conflicts];
  if (pages.ours.size > 0 && pages.theirs.size > 0) {
    // Both sides touched pages: the tree checks may ask about pages neither side changed.
    const result = await mergePages({ ...pages, tree: revisionTree(tx, ours), changeRequest, mergeBodies });
    if (result.ok) ({ result: merged, documents } = result);
    else conflicts.push(...result.conflicts);
  } else {
    merged = pages.theirs;
  }
  // Until the pages merge, which of them would reference a deleted file is not known.
  if (merged) conflicts.push(...(await referencesToDeletedFiles(tx, store, ours, files.deleted, merged)));
  const variables = mergeVariables(sides.variables.base, sides.variables.ours, sides.variables.theirs);
  if (!variables.ok) conflicts.push({ kind: "space-variables", names: variables.conflicts });
  return { merged, files, conflicts, documents, variables: variables.ok ? variables.variables : undefined };
}

/**
 * Three parses and a conversion of one page, each of a version that was parsed within the write
 * budget when it was written: past three times that, the body conflicts as a whole.
 */
const BODY_MERGE_BUDGET_MS = 3 * WRITE_BUDGET_MS;

type BodyMerger = (inputs: BodyMergeInput[]) => Promise<BodyMergeOutcome[]>;

/** Bodies merged block by block in the markdown workers. */
async function mergeBodiesInPool(inputs: BodyMergeInput[]): Promise<BodyMergeOutcome[]> {
  if (inputs.length === 0) return [];
  const outcomes = await markdownPool().map("mergePageBody", inputs, BODY_MERGE_BUDGET_MS);
  return outcomes.map((outcome) => (outcome.ok ? outcome.value : { ok: false, tooDifferent: true }));
}

/** Body merges made ahead of a write, by a digest of their input (the versions merged, with their keys, and the choices). */
export type PremergedBodies = ReadonlyMap<string, BodyMergeOutcome>;

const digestOf = (input: BodyMergeInput) => createHash("sha256").update(JSON.stringify(input)).digest("base64url");

/** A body merger that takes the merges made ahead where their input is the same, and makes the others. */
function bodyMerger(premerged: PremergedBodies = new Map()): BodyMerger {
  return async (inputs) => {
    const digests = inputs.map(digestOf);
    const missing = inputs.filter((_, index) => !premerged.has(digests[index]!));
    const made = await mergeBodiesInPool(missing);
    let next = 0;
    return digests.map((digest) => premerged.get(digest) ?? made[next++]!);
  };
}

/**
 * The body merges a three-way merge of these revisions will need, made before its write: parsing
 * and merging bodies takes the markdown workers a while, which would otherwise be spent holding
 * the space's lock. Revisions are immutable, so these stay right for as long as the merge is of
 * the same revisions; reads here take no locks.
 */
export async function premergeBodies(db: Db, input: { base: Revision; ours: Revision; theirs: Revision; type: "merge" | "update" }): Promise<PremergedBodies> {
  const sides = await mergeSides(new ObjectStore(db, input.base.spaceId), input);
  const requests = bodyMerges({ ...sides.pages, changeRequest: input.type === "merge" ? "theirs" : "ours" });
  const outcomes = await mergeBodiesInPool(requests);
  return new Map(requests.map((request, index) => [digestOf(request), outcomes[index]!]));
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

/**
 * Files merge whole: a file changed differently on both sides is a conflict; otherwise theirs
 * applies. `deleted`: the files one side deleted and the other left alone, by the deleting side.
 */
function mergeFiles(oursDiff: Map<string, TrieChange>, theirsDiff: Map<string, TrieChange>) {
  const put = new Map<string, string>();
  const remove: string[] = [];
  const deleted = new Map<string, MergeSide>();
  const conflicts: MergeConflict[] = [];
  for (const [key, change] of theirsDiff) {
    const { kind, id: fileId } = parseContentKey(key);
    if (kind !== "file") continue;
    const mine = oursDiff.get(key);
    if (mine && mine.after !== change.after) conflicts.push({ kind: "file", fileId });
    else if (change.after) put.set(fileId, change.after);
    else {
      remove.push(fileId);
      if (!mine) deleted.set(fileId, "theirs");
    }
  }
  for (const [key, change] of oursDiff) {
    const { kind, id: fileId } = parseContentKey(key);
    if (kind === "file" && !change.after && !theirsDiff.has(key)) deleted.set(fileId, "ours");
  }
  return { put, remove, deleted, conflicts };
}

/**
 * Files one side deleted that a page of the merged content would still reference (link to,
 * show, or have as cover): conflicts, so that a clean merge leaves no reference to a file it
 * removed, wherever the reference comes from — added by the other side, or kept from base by
 * either. Pages neither side changed count too (they are as in ours), so the whole page list is
 * read, but only when a side deleted a file.
 */
async function referencesToDeletedFiles(
  tx: Db,
  store: ObjectStore,
  ours: Revision,
  deleted: Map<string, MergeSide>,
  merged: Map<string, PageState | null>,
): Promise<MergeConflict[]> {
  if (deleted.size === 0) return [];
  const referencing = new Map<string, string[]>();
  const note = (pageId: string, files: string[]) => {
    for (const fileId of new Set(files)) if (deleted.has(fileId)) referencing.set(fileId, [...(referencing.get(fileId) ?? []), pageId]);
  };
  for (const [pageId, page] of merged) if (page) note(pageId, filesReferencedBy(page, page.markdown));
  const unchanged = (await readPages(tx, ours)).filter((version) => !merged.has(version.id));
  // Versions written before link targets were recorded are read from their body.
  const bodies = await store.getBodies(unchanged.filter((version) => !version.links).map((version) => version.body));
  for (const version of unchanged) note(version.id, filesReferencedBy(version, bodies.get(version.body)));
  return [...referencing].map(([fileId, pageIds]) => ({ kind: "file-referenced" as const, fileId, deletedBy: deleted.get(fileId)!, pageIds }));
}

/** The files a page's body links to or shows (its recorded targets, else found in `markdown`) and its cover's. */
function filesReferencedBy(page: Pick<PageVersion, "links" | "cover">, markdown: string | undefined): string[] {
  const targets = page.links ?? extractLinks(markdown ?? "").map((link) => link.target);
  return [...targets.flatMap((target) => (target.kind === "file" ? [target.file] : [])), ...(page.cover ? coverFiles(page.cover) : [])];
}
