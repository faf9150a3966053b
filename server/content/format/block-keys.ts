import { createHash, randomBytes } from "node:crypto";
import type { JSONDocument } from "@gitbook/api";

/**
 * Block keys: every block of a page's document (`object: "block"` at any depth, fragments'
 * blocks included) has a key that stays with it across edits. A page version stores its
 * blocks' keys in pre-order beside its markdown (`PageVersion.blockKeys`); the document read
 * from that markdown takes them back (`applyBlockKeys`), and a new body takes the keys of the
 * blocks it keeps from earlier documents (`carryBlockKeys`), whatever wrote it.
 */

/**
 * Pages of more blocks than this store no keys and read with derived ones (`keysForRead`):
 * real pages have hundreds, and each write hashes and copies a version's whole key list on the
 * event loop (100,000 keys take over 100 ms).
 */
export const MAX_KEYED_BLOCKS = 10_000;

/** What a stored or given block key may be: short, and without the `.` that derived keys (of inlines, texts, fragments) join with. */
export const BLOCK_KEY = /^[A-Za-z0-9_-]{1,64}$/;

type Node = { object?: string; type?: string; key?: string; data?: unknown; nodes?: Node[]; fragments?: { key?: string; nodes: Node[] }[]; leaves?: unknown[] };

/** Each block of a document in pre-order: a node, then its `nodes`, then its fragments' nodes. */
export function documentBlocks(document: JSONDocument): Node[] {
  const blocks: Node[] = [];
  const visit = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (node.object === "block") blocks.push(node);
      if (node.nodes) visit(node.nodes);
      for (const fragment of node.fragments ?? []) visit(fragment.nodes);
    }
  };
  visit(document.nodes as Node[]);
  return blocks;
}

/**
 * Sets `keys` (one per block, in pre-order) on a document's blocks, and on every other node a key
 * derived from its block's and its position (`<block>.<i>`, fragments `<block>.f<i>`): unique in
 * the document while block keys are, since block keys hold no `.`.
 */
export function applyBlockKeys(document: JSONDocument, keys: readonly string[]): JSONDocument {
  let next = 0;
  const visit = (nodes: Node[], prefix: string | null) => {
    nodes.forEach((node, i) => {
      if (node.object === "leaf") return;
      const key = node.object === "block" ? keys[next++]! : `${prefix}.${i}`;
      node.key = key;
      if (node.nodes) visit(node.nodes, key);
      node.fragments?.forEach((fragment, f) => {
        fragment.key = `${key}.f${f}`;
        visit(fragment.nodes, fragment.key);
      });
    });
  };
  visit(document.nodes as Node[], null);
  return document;
}

/**
 * Keys for the blocks of a version stored before block keys, from its page and the block's
 * position: every such version of a page agrees, so matching carries them on from any of them.
 */
export function legacyBlockKeys(pageId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => createHash("sha256").update(`${pageId}:${i}`).digest("base64url").slice(0, 10));
}

/**
 * The stored keys of a version read as `document` (which has `count` blocks): its own when they
 * fit, else (a version stored before keys, or a read whose evaluated variables changed its
 * blocks) the legacy keys of its page for the blocks past those it has.
 */
export function keysForRead(pageId: string, stored: readonly string[] | undefined, count: number): string[] {
  const keys = (stored ?? []).slice(0, count);
  const used = new Set(keys);
  let position = keys.length;
  for (const legacy of legacyBlockKeys(pageId, count + 16).slice(keys.length)) {
    if (position >= count) break;
    if (used.has(legacy)) continue;
    keys.push(legacy);
    used.add(legacy);
    position++;
  }
  return keys;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new random key (8 of 62 characters): keys of deleted blocks are not given again to new ones. */
function freshBlockKey(): string {
  return [...randomBytes(8)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

// ---- Matching

/** Blocks' texts are compared on this many characters at most (a long block is still itself). */
const TEXT_CAP = 400;
/** Edited blocks pair up when their texts' trigram Dice coefficient reaches this. */
const SIMILARITY = 0.5;
/** The same, for an edited block found away from its place. */
const MOVED_SIMILARITY = 0.65;
/** A gap between matched blocks is compared pair by pair up to this many pairs; a larger one pairs in order. */
const GAP_PAIRS = 4_096;
/** Pairs compared in all, per source: past it, the remaining gaps pair in order. */
const TOTAL_PAIRS = 100_000;
/** Elements the in-order alignment may visit per source before it leaves what is left to the later passes. */
const ALIGN_WORK = 2_000_000;

/** `parent`: the index of the block it is in, -1 at the top level. */
type Block = { type: string; hash: string; text: string; parent: number; key?: string };

/** Type, content hash (of the block and everything in it, keys left out) and text of each block in pre-order. */
function blockInfos(document: JSONDocument): Block[] {
  const blocks: Block[] = [];
  /** Adds a block and, after it, those within it; answers its hash and capped text. */
  const block = (node: Node, parent: number): { hash: string; text: string } => {
    const index = blocks.length;
    blocks.push({ type: String(node.type), hash: "", text: "", parent, key: node.key });
    const hash = createHash("sha1").update(String(node.type)).update("\0").update(contentJson(node.data ?? null));
    let text = "";
    const add = (nodes: readonly Node[]) => {
      for (const child of nodes) {
        if (child.object === "block") {
          const inner = block(child, index);
          hash.update("\0b").update(inner.hash);
          if (text.length < TEXT_CAP) text += (text ? " " : "") + inner.text;
        } else {
          hash.update("\0i").update(contentJson(child));
          if (text.length < TEXT_CAP) text += inlineText(child);
          blocksWithin(child);
        }
      }
    };
    /** Blocks an inline holds in fragments (annotations), in the order `documentBlocks` visits them. */
    const blocksWithin = (node: Node) => {
      for (const child of node.nodes ?? []) {
        if (child.object === "block") add([child]);
        else blocksWithin(child);
      }
      for (const fragment of node.fragments ?? []) {
        hash.update("\0f");
        add(fragment.nodes);
      }
    };
    add(node.nodes ?? []);
    for (const fragment of node.fragments ?? []) {
      hash.update("\0f");
      add(fragment.nodes);
    }
    const described = { hash: hash.digest("base64"), text: text.slice(0, TEXT_CAP) };
    Object.assign(blocks[index]!, described);
    return described;
  };
  for (const node of document.nodes as Node[]) {
    if (node.object === "block") block(node, -1);
  }
  return blocks;
}

/** JSON of a node's content: keys and meta (heading anchors, which follow from the text) left out, object fields in order. */
function contentJson(value: unknown): string {
  return JSON.stringify(value, (name, item: unknown) => {
    if (name === "key" || name === "meta" || name === "fragments") return undefined;
    if (item && typeof item === "object" && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return item;
  });
}

function inlineText(node: Node): string {
  if (node.leaves) return (node.leaves as { text?: string }[]).map((leaf) => leaf.text ?? "").join("");
  return (node.nodes ?? []).map(inlineText).join("");
}

/**
 * The keys for `target`'s blocks (pre-order), carried from `sources` (keyed documents, first
 * priority first) and otherwise new. Deterministic but for new keys: each source in turn keys
 * the blocks still without one: (a) blocks of the same content in the same order (a common
 * subsequence found patience-style), then the same content elsewhere (moved blocks, in
 * occurrence order); (b) in each gap between the blocks matched in order, edited blocks of the
 * same type by text similarity (best pairs first, ties by position), then the blocks left
 * anywhere, held to a higher similarity (edited and moved), then containers by where their
 * blocks went. Every pass is bounded, so that no input makes it quadratic. A source's keys that
 * are invalid or repeat (a split block's second half) are not carried; no key repeats.
 */
export function carryBlockKeys(target: JSONDocument, sources: readonly JSONDocument[]): string[] {
  // Without sources every block is new: no need to describe them.
  const targets = sources.length > 0 ? blockInfos(target) : documentBlocks(target);
  const keys: (string | undefined)[] = new Array(targets.length).fill(undefined);
  const used = new Set<string>();
  for (const source of sources) {
    const open = keys.flatMap((key, i) => (key === undefined ? [i] : []));
    if (open.length === 0) break;
    const seen = new Set<string>();
    const candidates = blockInfos(source).filter((block) => {
      if (!block.key || !BLOCK_KEY.test(block.key) || seen.has(block.key) || used.has(block.key)) return false;
      seen.add(block.key);
      return true;
    });
    for (const [t, s] of alignBlocks(open.map((i) => (targets as Block[])[i]!), candidates)) {
      keys[open[t]!] = candidates[s]!.key!;
      used.add(candidates[s]!.key!);
    }
  }
  return keys.map((key) => {
    if (key !== undefined) return key;
    let next = freshBlockKey();
    while (used.has(next)) next = freshBlockKey();
    used.add(next);
    return next;
  });
}

/** Pairs `[t, s]` of target and source blocks that are the same block. */
function alignBlocks(targets: Block[], sources: Block[]): [number, number][] {
  const matchOf = new Array<number>(targets.length).fill(-1);
  const sourceTaken = new Array<boolean>(sources.length).fill(false);
  const pair = (t: number, s: number) => {
    matchOf[t] = s;
    sourceTaken[s] = true;
  };
  // (a) Same content, in order: the anchors between which edited blocks are looked for.
  for (const [t, s] of inOrder(targets.map((b) => b.hash), sources.map((b) => b.hash))) pair(t, s);
  const anchors = matchOf.flatMap((s, t) => (s >= 0 ? [[t, s] as const] : []));
  // Same content elsewhere: moved blocks, the n-th unmatched occurrence to the n-th.
  const unmatchedByHash = new Map<string, number[]>();
  sources.forEach((block, s) => {
    if (sourceTaken[s]) return;
    const list = unmatchedByHash.get(block.hash);
    if (list) list.push(s);
    else unmatchedByHash.set(block.hash, [s]);
  });
  const nextOf = new Map<string, number>();
  targets.forEach((block, t) => {
    if (matchOf[t]! >= 0) return;
    const list = unmatchedByHash.get(block.hash);
    const at = nextOf.get(block.hash) ?? 0;
    if (!list || at >= list.length) return;
    nextOf.set(block.hash, at + 1);
    pair(t, list[at]!);
  });
  // (b) Edited blocks, gap by gap between the anchors.
  let budget = TOTAL_PAIRS;
  const bounds = [[-1, -1] as const, ...anchors, [targets.length, sources.length] as const];
  for (let g = 1; g < bounds.length; g++) {
    const [t0, s0] = bounds[g - 1]!;
    const [t1, s1] = bounds[g]!;
    const gapTargets: number[] = [];
    for (let t = t0 + 1; t < t1; t++) if (matchOf[t]! < 0) gapTargets.push(t);
    if (gapTargets.length === 0) continue;
    const gapSources: number[] = [];
    for (let s = s0 + 1; s < s1; s++) if (!sourceTaken[s]) gapSources.push(s);
    if (gapSources.length === 0) continue;
    const pairs = gapTargets.length * gapSources.length;
    if (pairs <= GAP_PAIRS && pairs <= budget) {
      budget -= pairs;
      for (const [t, s] of similarPairs(targets, sources, gapTargets, gapSources, SIMILARITY)) pair(t, s);
    } else {
      // Too large to compare pair by pair: blocks of the same type pair in order.
      let s = 0;
      for (const t of gapTargets) {
        while (s < gapSources.length && sources[gapSources[s]!]!.type !== targets[t]!.type) s++;
        if (s >= gapSources.length) break;
        pair(t, gapSources[s++]!);
      }
    }
  }
  // Edited blocks that moved too, or whose neighbours did (an anchor between the block and its
  // old place): across gaps, held to a higher similarity, within what is left of the budget.
  const leftTargets = matchOf.flatMap((s, t) => (s < 0 ? [t] : []));
  const leftSources = sourceTaken.flatMap((taken, s) => (taken ? [] : [s]));
  if (leftTargets.length > 0 && leftSources.length > 0 && leftTargets.length * leftSources.length <= budget) {
    for (const [t, s] of similarPairs(targets, sources, leftTargets, leftSources, MOVED_SIMILARITY)) pair(t, s);
  }
  // Containers whose content was edited past recognition (a table's short cells, a list's
  // items) are still themselves when at least half their blocks are in the same source block.
  const childCount = new Array<number>(targets.length).fill(0);
  const votes = new Map<number, Map<number, number>>();
  targets.forEach((block, t) => {
    if (block.parent < 0) return;
    childCount[block.parent]!++;
    const s = matchOf[t]!;
    const sourceParent = s >= 0 ? sources[s]!.parent : -1;
    if (sourceParent < 0) return;
    const forParent = votes.get(block.parent) ?? new Map<number, number>();
    forParent.set(sourceParent, (forParent.get(sourceParent) ?? 0) + 1);
    votes.set(block.parent, forParent);
  });
  // Innermost first (reverse pre-order), so a matched container can vote for its own.
  for (let t = targets.length - 1; t >= 0; t--) {
    if (matchOf[t]! >= 0 || !votes.has(t)) continue;
    const [best, count] = [...votes.get(t)!].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]!;
    if (sourceTaken[best] || sources[best]!.type !== targets[t]!.type || count * 2 < childCount[t]!) continue;
    pair(t, best);
    const parent = targets[t]!.parent;
    const sourceParent = sources[best]!.parent;
    if (parent >= 0 && sourceParent >= 0) {
      const forParent = votes.get(parent) ?? new Map<number, number>();
      forParent.set(sourceParent, (forParent.get(sourceParent) ?? 0) + 1);
      votes.set(parent, forParent);
    }
  }
  return matchOf.flatMap((s, t) => (s >= 0 ? [[t, s] as [number, number]] : []));
}

/** The best pairs of a gap by trigram similarity, at least `threshold`, greedily (ties by position). */
function similarPairs(targets: Block[], sources: Block[], gapTargets: number[], gapSources: number[], threshold: number): [number, number][] {
  const sourceGrams = new Map(gapSources.map((s) => [s, trigrams(sources[s]!.text)]));
  const scored: { t: number; s: number; score: number }[] = [];
  for (const t of gapTargets) {
    const grams = trigrams(targets[t]!.text);
    for (const s of gapSources) {
      if (sources[s]!.type !== targets[t]!.type) continue;
      const score = dice(grams, sourceGrams.get(s)!);
      if (score >= threshold) scored.push({ t, s, score });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.t - b.t || a.s - b.s);
  const takenT = new Set<number>();
  const takenS = new Set<number>();
  const pairs: [number, number][] = [];
  for (const { t, s } of scored) {
    if (takenT.has(t) || takenS.has(s)) continue;
    takenT.add(t);
    takenS.add(s);
    pairs.push([t, s]);
  }
  return pairs;
}

function trigrams(text: string): Set<string> {
  const padded = ` ${text.toLowerCase()} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Dice's coefficient of two sets; two empty texts (dividers, empty paragraphs) are alike. */
function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let common = 0;
  for (const gram of small) if (large.has(gram)) common++;
  return (2 * common) / (a.size + b.size);
}

/**
 * A common subsequence of equal hashes, as patience diff finds it: common prefix and suffix,
 * then as anchors the longest run in order on both sides of hashes as frequent on both (the
 * n-th occurrence paired with the n-th), then the same
 * between each two anchors. Visits at most ALIGN_WORK elements; what is left unaligned is left
 * to the passes that follow.
 */
function inOrder(a: string[], b: string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let work = 0;
  const ranges: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  for (let range = ranges.pop(); range; range = ranges.pop()) {
    let [a0, a1, b0, b1] = range;
    while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) pairs.push([a0++, b0++]);
    while (a0 < a1 && b0 < b1 && a[a1 - 1] === b[b1 - 1]) pairs.push([--a1, --b1]);
    if (a0 >= a1 || b0 >= b1) continue;
    work += a1 - a0 + (b1 - b0);
    if (work > ALIGN_WORK) break;
    const counts = new Map<string, { a: number; b: number; pairs?: number[] }>();
    for (let i = a0; i < a1; i++) {
      const entry = counts.get(a[i]!);
      if (entry) entry.a++;
      else counts.set(a[i]!, { a: 1, b: 0 });
    }
    for (let j = b0; j < b1; j++) {
      const entry = counts.get(b[j]!);
      if (entry) entry.b++;
    }
    // Hashes as frequent on both sides pair up in occurrence order (unique ones the most
    // telling); the longest run of such pairs in order on both sides is kept.
    const candidates: [number, number][] = [];
    for (const entry of counts.values()) if (entry.a === entry.b) entry.pairs = [];
    for (let i = a0; i < a1; i++) counts.get(a[i]!)!.pairs?.push(i);
    for (let j = b0, seenB = new Map<string, number>(); j < b1; j++) {
      const entry = counts.get(b[j]!);
      if (!entry?.pairs) continue;
      const nth = seenB.get(b[j]!) ?? 0;
      seenB.set(b[j]!, nth + 1);
      candidates.push([entry.pairs[nth]!, j]);
    }
    candidates.sort((x, y) => x[0] - y[0]);
    const anchors = longestIncreasing(candidates);
    if (anchors.length === 0) continue;
    let [pa, pb] = [a0, b0];
    for (const [i, j] of anchors) {
      pairs.push([i, j]);
      ranges.push([pa, i, pb, j]);
      [pa, pb] = [i + 1, j + 1];
    }
    ranges.push([pa, a1, pb, b1]);
  }
  return pairs.sort((x, y) => x[0] - y[0]);
}

/** The longest subsequence of `pairs` (sorted by first) increasing in second, in O(n log n). */
function longestIncreasing(pairs: [number, number][]): [number, number][] {
  const tails: number[] = [];
  const previous = new Array<number>(pairs.length).fill(-1);
  for (let i = 0; i < pairs.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pairs[tails[middle]!]![1] < pairs[i]![1]) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const result: [number, number][] = [];
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) result.push(pairs[i]!);
  return result.reverse();
}
