import { sha256 } from "./hash";
import type { ObjectStore } from "./object-store";

/**
 * A persistent hash trie mapping string keys to string values, stored as content-addressed
 * nodes. A subtree holding at most LEAF_SIZE entries is one leaf; a larger one branches on the
 * next hex digit of its keys' hashes. The shape depends only on the entries, so equal maps have
 * equal root hashes: changing one entry writes one path of nodes, and a diff skips every
 * subtree two versions share.
 */
export const LEAF_SIZE = 64;

type Leaf = { leaf: Record<string, string> };
type Branch = { size: number; children: Record<string, string> };
type TrieNode = Leaf | Branch;

export type TrieChange = { before?: string; after?: string };

const keyHashes = new Map<string, string>();
function digit(key: string, depth: number): string {
  let hash = keyHashes.get(key);
  if (!hash) {
    hash = sha256(key);
    if (keyHashes.size > 100_000) keyHashes.clear();
    keyHashes.set(key, hash);
  }
  return hash[depth]!;
}

const isLeaf = (node: TrieNode): node is Leaf => "leaf" in node;

/** Writes the canonical subtree for `entries` at `depth`; returns its hash. */
function build(store: ObjectStore, entries: Map<string, string>, depth: number): string {
  if (entries.size <= LEAF_SIZE) return store.putObject({ leaf: Object.fromEntries(entries) });
  const groups = new Map<string, Map<string, string>>();
  for (const [key, value] of entries) {
    const d = digit(key, depth);
    let group = groups.get(d);
    if (!group) groups.set(d, (group = new Map()));
    group.set(key, value);
  }
  const children: Record<string, string> = {};
  for (const [d, group] of groups) children[d] = build(store, group, depth + 1);
  return store.putObject({ size: entries.size, children });
}

export function emptyTrie(store: ObjectStore): string {
  return build(store, new Map(), 0);
}

/** The value of `key`, reading one node per level. */
export async function trieGet(store: ObjectStore, root: string, key: string): Promise<string | undefined> {
  let node = await store.getObject<TrieNode>(root);
  for (let depth = 0; !isLeaf(node); depth++) {
    const child = node.children[digit(key, depth)];
    if (!child) return undefined;
    node = await store.getObject<TrieNode>(child);
  }
  return node.leaf[key];
}

/** How many entries the trie holds: a branch records it, a leaf holds them; one node read. */
export async function trieSize(store: ObjectStore, root: string): Promise<number> {
  const node = await store.getObject<TrieNode>(root);
  return isLeaf(node) ? Object.keys(node.leaf).length : node.size;
}

/** Every entry, loading the trie level by level (one query per level). */
export async function trieEntries(store: ObjectStore, root: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  let level = [root];
  while (level.length > 0) {
    const nodes = await store.getObjects<TrieNode>(level);
    const next: string[] = [];
    for (const hash of level) {
      const node = nodes.get(hash)!;
      if (isLeaf(node)) for (const [key, value] of Object.entries(node.leaf)) entries.set(key, value);
      else next.push(...Object.values(node.children));
    }
    level = next;
  }
  return entries;
}

/** A new root with `changes` applied (a value sets the key, null removes it). */
export async function trieSet(store: ObjectStore, root: string, changes: Map<string, string | null>): Promise<string> {
  if (changes.size === 0) return root;
  return (await update(store, root, [...changes], 0)).hash;
}

async function update(store: ObjectStore, hash: string, changes: [string, string | null][], depth: number): Promise<{ hash: string; size: number }> {
  const node = await store.getObject<TrieNode>(hash);
  if (isLeaf(node)) {
    const entries = new Map(Object.entries(node.leaf));
    for (const [key, value] of changes) {
      if (value === null) entries.delete(key);
      else entries.set(key, value);
    }
    return { hash: build(store, entries, depth), size: entries.size };
  }
  const groups = new Map<string, [string, string | null][]>();
  for (const change of changes) {
    const d = digit(change[0], depth);
    let group = groups.get(d);
    if (!group) groups.set(d, (group = []));
    group.push(change);
  }
  const children = { ...node.children };
  const sizes = new Map<string, number>();
  let size = node.size;
  for (const [d, group] of groups) {
    const child = children[d];
    const before = child ? await subtreeSize(store, child) : 0;
    const updated = child
      ? await update(store, child, group, depth + 1)
      : { size: group.filter(([, value]) => value !== null).length, hash: build(store, new Map(group.filter((c): c is [string, string] => c[1] !== null)), depth + 1) };
    size += updated.size - before;
    if (updated.size === 0) delete children[d];
    else children[d] = updated.hash;
    sizes.set(d, updated.size);
  }
  if (size <= LEAF_SIZE) {
    // Shrunk below a leaf's capacity: the canonical shape is a single leaf again.
    const entries = new Map<string, string>();
    for (const child of Object.values(children)) for (const [key, value] of await trieEntries(store, child)) entries.set(key, value);
    return { hash: build(store, entries, depth), size };
  }
  return { hash: store.putObject({ size, children }), size };
}

async function subtreeSize(store: ObjectStore, hash: string): Promise<number> {
  const node = await store.getObject<TrieNode>(hash);
  return isLeaf(node) ? Object.keys(node.leaf).length : node.size;
}

/** The keys whose values differ between two tries, with both values; shared subtrees are skipped. */
export async function trieDiff(store: ObjectStore, from: string, to: string): Promise<Map<string, TrieChange>> {
  const changes = new Map<string, TrieChange>();
  await diffInto(store, from, to, changes);
  return changes;
}

async function diffInto(store: ObjectStore, from: string | undefined, to: string | undefined, changes: Map<string, TrieChange>): Promise<void> {
  if (from === to) return;
  const nodes = await store.getObjects<TrieNode>([from, to].filter((hash): hash is string => hash !== undefined));
  const a = from ? nodes.get(from)! : undefined;
  const b = to ? nodes.get(to)! : undefined;
  if (a && b && !isLeaf(a) && !isLeaf(b)) {
    for (const d of new Set([...Object.keys(a.children), ...Object.keys(b.children)])) {
      await diffInto(store, a.children[d], b.children[d], changes);
    }
    return;
  }
  const before = from ? await trieEntries(store, from) : new Map<string, string>();
  const after = to ? await trieEntries(store, to) : new Map<string, string>();
  for (const [key, value] of before) if (after.get(key) !== value) changes.set(key, { before: value, after: after.get(key) });
  for (const [key, value] of after) if (!before.has(key)) changes.set(key, { after: value });
}
