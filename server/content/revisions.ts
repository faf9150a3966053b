import type { Db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { badRequest } from "../errors";
import { newId } from "../ids";
import { describeLimit, markdownPool, WRITE_BUDGET_MS } from "../markdown/markdown-pool";
import type { KeySource } from "./format/keyed-document";
import type { RecordedLink } from "./format/link-targets";
import { markdownLimitProblem } from "./format/markdown-limits";
import { canonicalJson } from "./store/hash";
import { ObjectStore } from "./store/object-store";
import type { PageCover, PageLayout } from "./page-display";
import type { Variables } from "./variables";
import { emptyTrie, trieEntries, trieGet, trieSet } from "./store/trie";

/**
 * A revision is an immutable state of a space's content: the root of a trie mapping each page
 * id to a page version, stored content-addressed (server/content/store). A new revision writes
 * only the versions and trie nodes that changed, so revisions share everything else.
 */

/** One page as a revision stores it; the body is the hash of its markdown. */
export type PageVersion = {
  id: string;
  title: string;
  slug: string;
  emoji?: string;
  description?: string;
  parentId: string | null;
  /** Order among siblings (fractional, so inserting a page rewrites no other page). */
  sortKey: number;
  body: string;
  /** Icon name (the reference's `Icon`), shown instead of an emoji. */
  icon?: string;
  /** Left out of the navigation, still readable (true only; absent = shown). */
  hidden?: true;
  /** Left out of search (true only). */
  noIndex?: true;
  /** Asks search engines not to index it (true only). */
  noRobotsIndex?: true;
  /** Layout options, when not the default (see page-display.ts). */
  layout?: PageLayout;
  cover?: PageCover;
  /** Adaptive-content condition deciding whether visitors see the page (server/sites/conditions); absent when always shown. */
  condition?: string;
  /** Page variables (`{{ page.vars.NAME }}`); absent when the page has none. */
  variables?: Variables;
  /** Targets of the links and images in the body, extracted when the version is written. */
  links?: RecordedLink[];
  /**
   * The keys of the body's blocks (`object: "block"` nodes of `markdownToDocument(body)` at any
   * depth, fragments' blocks included) in pre-order: what the document read shows as each block's
   * `key`, carried from version to version by `commitRevision`. Absent on a version written
   * before keys and not yet migrated (or whose body could not be read within limits): its keys
   * are then derived from the page id and block positions (`legacyBlockKeys`).
   */
  blockKeys?: string[];
  createdAt: string;
  updatedAt: string;
};

export type Page = Omit<PageVersion, "body" | "links"> & { markdown: string };

/** One file as a revision stores it; the bytes live in file storage under `blob`. */
export type FileVersion = {
  id: string;
  name: string;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
  blob: string;
  createdAt: string;
};

type RevisionRef = Pick<Revision, "id" | "spaceId" | "root">;

/** Where reads look for content: a database client (a transaction's, say), or a store open on the revision's space (`ObjectStore.reading`). */
type ContentReader = Db | ObjectStore;

const storeOf = (reader: ContentReader, spaceId: string) => (reader instanceof ObjectStore ? reader : new ObjectStore(reader, spaceId));

/** Keys of the revision trie: pages and files share one map, told apart by a prefix. */
export const pageKey = (pageId: string) => `p:${pageId}`;
export const fileKey = (fileId: string) => `f:${fileId}`;
/** What a trie key names, e.g. in a `trieDiff`. */
export function parseContentKey(key: string): { kind: "page" | "file"; id: string } {
  return { kind: key.startsWith("f:") ? "file" : "page", id: key.slice(2) };
}

/** The pages of a revision (with their markdown when `bodies`), unordered. */
export async function readPages(reader: ContentReader, revision: RevisionRef): Promise<PageVersion[]> {
  const store = storeOf(reader, revision.spaceId);
  const entries = await trieEntries(store, revision.root);
  const pageHashes = [...entries].filter(([key]) => key.startsWith("p:")).map(([, hash]) => hash);
  return [...(await store.getObjects<PageVersion>(pageHashes)).values()];
}

/** The files of a revision, unordered. */
export async function readFiles(reader: ContentReader, revision: RevisionRef): Promise<FileVersion[]> {
  const store = storeOf(reader, revision.spaceId);
  const entries = await trieEntries(store, revision.root);
  const fileHashes = [...entries].filter(([key]) => key.startsWith("f:")).map(([, hash]) => hash);
  return [...(await store.getObjects<FileVersion>(fileHashes)).values()];
}

/** One file of a revision, or null; reads one trie path. */
export async function readFile(reader: ContentReader, revision: RevisionRef, fileId: string): Promise<FileVersion | null> {
  const store = storeOf(reader, revision.spaceId);
  const hash = await trieGet(store, revision.root, fileKey(fileId));
  return hash ? store.getObject<FileVersion>(hash) : null;
}

/** One page of a revision with its markdown, or null; reads one trie path, whatever the space's size. */
export async function readPage(reader: ContentReader, revision: RevisionRef, pageId: string): Promise<Page | null> {
  const store = storeOf(reader, revision.spaceId);
  const hash = await trieGet(store, revision.root, pageKey(pageId));
  if (!hash) return null;
  const { body, ...page } = await store.getObject<PageVersion>(hash);
  return { ...page, markdown: (await store.getBodies([body])).get(body)! };
}

/**
 * Records a new revision of `spaceId`: `base`'s content (none for a first revision) with
 * `put` pages and `putFiles` written and `remove`d / `removeFiles`d ones gone.
 */
export async function commitRevision(
  tx: Db,
  input: {
    spaceId: string;
    base: (RevisionRef & Pick<Revision, "variables">) | null;
    parents: string[];
    /** The new revision's space variables; the base's when absent. */
    variables?: Variables;
    type?: string;
    put?: Page[];
    /** Pages whose stored version is kept as it is, by id: a version hash of this space. */
    putVersions?: Map<string, string>;
    /** Targets already extracted from some of the pages' markdown, by that markdown. */
    links?: ReadonlyMap<string, RecordedLink[]>;
    /**
     * Where `put` pages given without `blockKeys` take their keys from, by page id, first
     * priority first; the base's version of the page always comes last.
     */
    keySources?: ReadonlyMap<string, KeySource[]>;
    remove?: string[];
    putFiles?: FileVersion[];
    removeFiles?: string[];
    authorId?: string;
    changeRequestId?: string;
    /** The live editing session writing it (server/spaces/apply-live-edit.ts). */
    editSessionId?: string;
  },
): Promise<Revision> {
  const store = new ObjectStore(tx, input.spaceId);
  const changes = new Map<string, string | null>();
  const put = (input.put ?? []).map(({ markdown, ...page }) => ({ page, markdown, body: store.putBody(markdown) }));
  const previous = await baseVersions(store, input.base, put);
  const [links, blockKeys] = await Promise.all([
    recordedLinksOf(store, input.base, put, input.links ?? new Map()),
    blockKeysOf(store, previous, put, input.keySources ?? new Map()),
  ]);
  put.forEach(({ page: { blockKeys: _given, ...page }, body }, index) => {
    const keys = blockKeys[index];
    const version: PageVersion = { ...page, body, links: links[index]!, ...(keys ? { blockKeys: keys } : {}) };
    // A version equal to the base's keeps its hash: one keyed in place by the migration is stored
    // under the hash it had without keys, and putting it again is no change.
    const before = previous[index];
    const same = before?.version.body === body && canonicalJson(before.version) === canonicalJson(version);
    changes.set(pageKey(page.id), same ? before!.hash : store.putObject(version));
  });
  for (const [pageId, hash] of input.putVersions ?? []) changes.set(pageKey(pageId), hash);
  for (const pageId of input.remove ?? []) changes.set(pageKey(pageId), null);
  for (const file of input.putFiles ?? []) changes.set(fileKey(file.id), store.putObject(file));
  for (const fileId of input.removeFiles ?? []) changes.set(fileKey(fileId), null);
  const root = await trieSet(store, input.base?.root ?? emptyTrie(store), changes);
  await store.flush();
  return tx.revision.create({
    data: {
      id: newId(),
      spaceId: input.spaceId,
      parents: input.parents,
      type: input.type ?? "edits",
      root,
      variables: input.variables ?? input.base?.variables ?? {},
      authorId: input.authorId,
      changeRequestId: input.changeRequestId,
      editSessionId: input.editSessionId,
    },
  });
}

type PutPage = { page: Omit<Page, "markdown">; markdown: string; body: string };
type BaseVersion = { hash: string; version: PageVersion } | null;

/** Each page's version in `base` (null for a page it does not have), with its hash: one trie path each. */
async function baseVersions(store: ObjectStore, base: RevisionRef | null, pages: PutPage[]): Promise<BaseVersion[]> {
  return Promise.all(
    pages.map(async ({ page }) => {
      const hash = base ? await trieGet(store, base.root, pageKey(page.id)) : undefined;
      return hash ? { hash, version: await store.getObject<PageVersion>(hash) } : null;
    }),
  );
}

/**
 * The link and image targets of each page's body, in order: those `known`, the others parsed in
 * the markdown pool. Bodies can be new text nobody parsed before (a three-way merge writes some),
 * so each is held to the write budget. A body past it keeps the targets its page recorded for that
 * same body in `base` (a page stored before the limits, committed again unchanged); any other fails
 * the commit, naming the page.
 */
async function recordedLinksOf(store: ObjectStore, base: RevisionRef | null, pages: PutPage[], known: ReadonlyMap<string, RecordedLink[]>): Promise<RecordedLink[][]> {
  const links = pages.map(({ markdown }) => known.get(markdown));
  let unknown = pages.flatMap((put, index) => (links[index] ? [] : [{ ...put, index }]));
  while (unknown.length > 0) {
    const result = await markdownPool().mapOrFail("recordedLinks", unknown.map(({ markdown }) => markdown), WRITE_BUDGET_MS);
    result.values.forEach((value, position) => (links[unknown[position]!.index] = value));
    if (result.ok) break;
    const { page, body, index } = unknown[result.index]!;
    const hash = base ? await trieGet(store, base.root, pageKey(page.id)) : null;
    const previous = hash ? await store.getObject<PageVersion>(hash) : null;
    if (previous?.body !== body || !previous.links) throw badRequest(`page ${page.id} ("${page.title}"): markdown ${describeLimit(result.limit, WRITE_BUDGET_MS)}`);
    links[index] = previous.links;
    unknown = unknown.slice(result.index + 1);
  }
  return links as RecordedLink[][];
}

/**
 * The block keys of each page's new body, the one place every write goes through: a body its
 * page had in `base` keeps that version's keys (nothing is parsed); any other takes the keys its
 * writer gave when they fit it (keys of another version, e.g. of a page restored from an earlier
 * revision, not the base's own keys left on a new body), else keys carried from its key sources and from the page's
 * version in `base` (`pageBlockKeys`, in the markdown pool within the write budget). A body past
 * the budget, or of more than MAX_KEYED_BLOCKS blocks, is stored without keys (read with keys
 * derived from positions) rather than fail a write whose markdown was accepted.
 */
async function blockKeysOf(store: ObjectStore, versions: BaseVersion[], pages: PutPage[], keySources: ReadonlyMap<string, KeySource[]>): Promise<(string[] | undefined)[]> {
  const previous = versions.map((found) => found?.version ?? null);
  const bodies = await store.getBodies(previous.flatMap((version, index) => (version && version.body !== pages[index]!.body ? [version.body] : [])));
  const keys: (string[] | undefined)[] = pages.map(() => undefined);
  const work: { index: number; input: { markdown: string; keys?: string[]; sources: KeySource[] } }[] = [];
  pages.forEach(({ page, markdown, body }, index) => {
    const before = previous[index];
    const sources = [...(keySources.get(page.id) ?? [])];
    if (before?.body === body && sources.length === 0 && (!page.blockKeys || sameKeys(page.blockKeys, before.blockKeys))) {
      keys[index] = before.blockKeys;
      return;
    }
    // Bodies past the write limits (pages stored before them, merged) are not parsed again for keys: such a body reads with derived ones.
    if (markdownLimitProblem(markdown)) return;
    const beforeMarkdown = !before ? undefined : before.body === body ? markdown : bodies.get(before.body)!;
    if (before && beforeMarkdown !== undefined && !markdownLimitProblem(beforeMarkdown)) sources.push({ markdown: beforeMarkdown, blockKeys: before.blockKeys, pageId: page.id });
    // Keys equal to the base version's on a new body were copied along with the page (`{ ...page, markdown }`): they are its old body's.
    const stale = !!before && before.body !== body && page.blockKeys !== undefined && sameKeys(page.blockKeys, before.blockKeys);
    work.push({ index, input: { markdown, keys: stale ? undefined : page.blockKeys, sources } });
  });
  if (work.length === 0) return keys;
  const outcomes = await markdownPool().map("pageBlockKeys", work.map(({ input }) => input), WRITE_BUDGET_MS);
  outcomes.forEach((outcome, position) => {
    if (outcome.ok) keys[work[position]!.index] = outcome.value ?? undefined;
    else console.warn(`Page ${pages[work[position]!.index]!.page.id} stored without block keys: its markdown is ${describeLimit(outcome.limit, WRITE_BUDGET_MS)}.`);
  });
  return keys;
}

const sameKeys = (a: readonly string[], b: readonly string[] | undefined) => a === b || (b !== undefined && a.length === b.length && a.every((key, i) => key === b[i]));

/** The first revision of a new space: one empty "Introduction" page, or no page at all when `empty`. */
export async function createInitialRevision(tx: Db, spaceId: string, options: { empty?: boolean } = {}): Promise<Revision> {
  const now = new Date().toISOString();
  const introduction: Page = { id: newId(), title: "Introduction", slug: "introduction", parentId: null, sortKey: 1, markdown: "", createdAt: now, updatedAt: now };
  return commitRevision(tx, { spaceId, base: null, parents: [], put: options.empty ? [] : [introduction] });
}

/**
 * A first revision of `targetSpaceId` with the content of `revision`: the objects it reaches are
 * copied into the target space in two statements, and pages keep their ids (ids are per space).
 */
export async function copyRevisionTo(tx: Db, revision: RevisionRef & Pick<Revision, "variables">, targetSpaceId: string): Promise<Revision> {
  const store = new ObjectStore(tx, revision.spaceId);
  const reachable = await reachableObjects(store, revision.root);
  const versions = await store.getObjects<PageVersion | FileVersion>(reachable.pages);
  const bodies = [...new Set([...versions.values()].flatMap((version) => ("body" in version ? [version.body] : [])))];
  const objects = [...reachable.nodes, ...reachable.pages];
  await tx.$executeRaw`
    INSERT INTO content_objects (space_id, hash, data)
    SELECT ${targetSpaceId}, hash, data FROM content_objects WHERE space_id = ${revision.spaceId} AND hash = ANY(${objects}::text[])
    ON CONFLICT DO NOTHING`;
  await tx.$executeRaw`
    INSERT INTO content_bodies (space_id, hash, body)
    SELECT ${targetSpaceId}, hash, body FROM content_bodies WHERE space_id = ${revision.spaceId} AND hash = ANY(${bodies}::text[])
    ON CONFLICT DO NOTHING`;
  return tx.revision.create({ data: { id: newId(), spaceId: targetSpaceId, parents: [], type: "edits", root: revision.root, variables: revision.variables ?? {} } });
}

/** Trie node hashes and page and file version hashes reachable from a root. */
async function reachableObjects(store: ObjectStore, root: string): Promise<{ nodes: string[]; pages: string[] }> {
  const nodes: string[] = [];
  let level = [root];
  while (level.length > 0) {
    nodes.push(...level);
    const loaded = await store.getObjects<{ leaf?: Record<string, string>; children?: Record<string, string> }>(level);
    level = [...loaded.values()].flatMap((node) => Object.values(node.children ?? {}));
  }
  const pages = [...(await trieEntries(store, root)).values()];
  return { nodes, pages };
}

/** Pages in reading order (depth-first by sortKey) with their depth; orphans and cycles land at the top level. */
export function inReadingOrder<P extends Pick<PageVersion, "id" | "parentId" | "sortKey">>(pages: P[]): (P & { depth: number })[] {
  const ids = new Set(pages.map((page) => page.id));
  const children = new Map<string | null, P[]>();
  for (const page of pages) {
    const parent = page.parentId !== null && ids.has(page.parentId) ? page.parentId : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(page);
    children.set(parent, siblings);
  }
  for (const siblings of children.values()) siblings.sort((a, b) => a.sortKey - b.sortKey || (a.id < b.id ? -1 : 1));
  const ordered: (P & { depth: number })[] = [];
  const visited = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const page of children.get(parent) ?? []) {
      if (visited.has(page.id)) continue;
      visited.add(page.id);
      ordered.push({ ...page, depth });
      walk(page.id, depth + 1);
    }
  };
  walk(null, 0);
  for (const page of pages) if (!visited.has(page.id)) ordered.push({ ...page, depth: 0 });
  return ordered;
}

/** Each page's path from the space's root (its ancestors' slugs and its own, joined by `/`), walking up without recursion (a loop in the ancestry ends the walk). */
export function slugPaths(pages: readonly Pick<PageVersion, "id" | "slug" | "parentId">[]): Map<string, string> {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const paths = new Map<string, string>();
  for (const page of pages) {
    const chain: string[] = [];
    const seen = new Set<string>();
    let at: string | null = page.id;
    while (at !== null && byId.has(at) && !seen.has(at) && !paths.has(at)) {
      seen.add(at);
      chain.push(at);
      at = byId.get(at)!.parentId;
    }
    let prefix = at !== null && paths.has(at) ? paths.get(at)! : "";
    for (const id of chain.reverse()) {
      const slug = byId.get(id)!.slug;
      prefix = prefix ? `${prefix}/${slug}` : slug;
      paths.set(id, prefix);
    }
  }
  return paths;
}

/** The revision a space currently shows. */
export async function currentRevision(tx: Db, space: { id: string; revisionId: string | null }): Promise<Revision> {
  if (!space.revisionId) throw new Error(`Space ${space.id} has no revision`);
  return tx.revision.findUniqueOrThrow({ where: { id: space.revisionId } });
}
