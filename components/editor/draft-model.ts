import type { JSONDocument } from "@gitbook/api";
import { slugFollowsTitle } from "@/server/change-requests/content-changes/slugs";

/**
 * The editor's working copy of a change request's pages, and the plan that turns it into the
 * content changes the server applies (insert_page, update_page, delete_page). Pure functions, so
 * the tree operations and the plan are easy to reason about (and to test).
 */

/**
 * A page of the working copy. `key` is the page id, or `new-<n>` for a page created in the
 * editor. `document` is the block editor's latest document, when it has one; `markdown` is
 * always current and is what the save compares and sends. `slugFollowsTitle`: the page's slug is
 * derived from its title (not set by hand), so a new title gives it a new slug.
 */
export type DraftPage = { key: string; title: string; emoji?: string; markdown: string; document?: JSONDocument; slugFollowsTitle?: boolean };

/** Children of each parent (`ROOT` for the top level), in order. */
export type Draft = { pages: Record<string, DraftPage>; children: Record<string, string[]> };

export const ROOT = "";

export const isNewKey = (key: string) => key.startsWith("new-");

/** The server's page tree (nested, with markdown) as a draft. */
export type ServerPage = { id: string; title: string; slug?: string; emoji?: string; markdown?: string; pages: ServerPage[] };

export function draftFromServer(pages: ServerPage[]): Draft {
  const draft: Draft = { pages: {}, children: { [ROOT]: [] } };
  const walk = (list: ServerPage[], parent: string) => {
    draft.children[parent] = list.map((page) => page.id);
    for (const page of list) {
      draft.pages[page.id] = {
        key: page.id,
        title: page.title,
        ...(page.emoji ? { emoji: page.emoji } : {}),
        markdown: page.markdown ?? "",
        ...(page.slug !== undefined && slugFollowsTitle(page.slug, page.title) ? { slugFollowsTitle: true } : {}),
      };
      walk(page.pages, page.id);
    }
  };
  walk(pages, ROOT);
  return draft;
}

export function parentOf(draft: Draft, key: string): string | undefined {
  for (const [parent, keys] of Object.entries(draft.children)) if (keys.includes(key)) return parent;
  return undefined;
}

/** Pages in reading order with their depth. */
export function readingOrder(draft: Draft): { key: string; depth: number }[] {
  const out: { key: string; depth: number }[] = [];
  const walk = (parent: string, depth: number) => {
    for (const key of draft.children[parent] ?? []) {
      out.push({ key, depth });
      walk(key, depth + 1);
    }
  };
  walk(ROOT, 0);
  return out;
}

export function descendants(draft: Draft, key: string): string[] {
  return (draft.children[key] ?? []).flatMap((child) => [child, ...descendants(draft, child)]);
}

const withChildren = (draft: Draft, parent: string, keys: string[]): Draft => ({ ...draft, children: { ...draft.children, [parent]: keys } });

/** Adds a page after `after` (a sibling) or, with `inside`, as the last child of that page; at the end of the top level otherwise. */
export function addPage(draft: Draft, page: DraftPage, place: { after?: string; inside?: string }): Draft {
  const pages = { ...draft.pages, [page.key]: page };
  if (place.inside !== undefined) {
    return { pages, children: { ...draft.children, [place.inside]: [...(draft.children[place.inside] ?? []), page.key] } };
  }
  const parent = place.after !== undefined ? (parentOf(draft, place.after) ?? ROOT) : ROOT;
  const siblings = [...(draft.children[parent] ?? [])];
  const index = place.after !== undefined ? siblings.indexOf(place.after) + 1 : siblings.length;
  siblings.splice(index, 0, page.key);
  return { pages, children: { ...draft.children, [parent]: siblings } };
}

export function updatePage(draft: Draft, key: string, patch: Partial<Omit<DraftPage, "key">>): Draft {
  const page = draft.pages[key];
  return page ? { ...draft, pages: { ...draft.pages, [key]: { ...page, ...patch } } } : draft;
}

/** Removes a page and everything under it. */
export function deletePage(draft: Draft, key: string): Draft {
  const parent = parentOf(draft, key);
  if (parent === undefined) return draft;
  const gone = new Set([key, ...descendants(draft, key)]);
  const pages = Object.fromEntries(Object.entries(draft.pages).filter(([id]) => !gone.has(id)));
  const children = Object.fromEntries(Object.entries(draft.children).filter(([id]) => !gone.has(id)));
  children[parent] = (children[parent] ?? []).filter((id) => id !== key);
  return { pages, children };
}

export type Move = "up" | "down" | "indent" | "outdent";

/** Which moves a page allows where it is. */
export function allowedMoves(draft: Draft, key: string): Record<Move, boolean> {
  const parent = parentOf(draft, key);
  const siblings = parent !== undefined ? (draft.children[parent] ?? []) : [];
  const index = siblings.indexOf(key);
  return { up: index > 0, down: index >= 0 && index < siblings.length - 1, indent: index > 0, outdent: parent !== undefined && parent !== ROOT };
}

/** Up and down swap with a sibling; indent makes the page the last child of the sibling above; outdent places it after its parent. */
export function movePage(draft: Draft, key: string, move: Move): Draft {
  if (!allowedMoves(draft, key)[move]) return draft;
  const parent = parentOf(draft, key)!;
  const siblings = [...draft.children[parent]!];
  const index = siblings.indexOf(key);
  if (move === "up" || move === "down") {
    const other = move === "up" ? index - 1 : index + 1;
    [siblings[index], siblings[other]] = [siblings[other]!, siblings[index]!];
    return withChildren(draft, parent, siblings);
  }
  if (move === "indent") {
    const newParent = siblings[index - 1]!;
    siblings.splice(index, 1);
    return { ...draft, children: { ...draft.children, [parent]: siblings, [newParent]: [...(draft.children[newParent] ?? []), key] } };
  }
  const grandparent = parentOf(draft, parent)!;
  const uncles = [...draft.children[grandparent]!];
  uncles.splice(uncles.indexOf(parent) + 1, 0, key);
  siblings.splice(index, 1);
  return { ...draft, children: { ...draft.children, [parent]: siblings, [grandparent]: uncles } };
}

/**
 * One planned change; pages are named by key, which the save resolves to ids (new pages get
 * theirs once inserted). A body goes as the block editor's `document` when the page has one
 * (its blocks' keys travel with it), as `markdown` otherwise.
 */
export type PlannedChange =
  | { operation: "insert_page"; key: string; parent: string; at: number; title: string; markdown: string; document?: JSONDocument }
  | { operation: "update_page"; key: string; parent?: string; at?: number; title?: string; slug?: ""; markdown?: string; document?: JSONDocument }
  | { operation: "delete_page"; key: string };

// The server reads a new page's leading heading or front matter as its title: such a body is written by a follow-up update.
const TITLE_LIKE_START = /^(?:[ \t]*\r?\n)*(?:[ ]{0,3}#[ \t]|---[ \t]*\r?\n)/;

/** Longest increasing subsequence of `values` (as a set of the values kept). */
function longestIncreasing(values: number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  const tailIndex: number[] = [];
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle]! < value) low = middle + 1;
      else high = middle;
    }
    tails[low] = value;
    tailIndex[low] = index;
    previous[index] = low > 0 ? tailIndex[low - 1]! : -1;
  });
  const kept = new Set<number>();
  for (let index = tailIndex[tails.length - 1] ?? -1; index >= 0; index = previous[index]!) kept.add(values[index]!);
  return kept;
}

/**
 * The changes that turn `original` into `draft`, in the order the server must apply them. Each
 * parent's children are placed top-down, simulating the server's sibling lists: pages that keep
 * their relative order stay (the longest run of them), the others are moved to just after their
 * predecessor (`at` counts the siblings without the page). Deletions come last, so pages moved
 * out of a deleted page first survive it; a page under another deleted page goes with it.
 */
export function planSave(original: Draft, draft: Draft): PlannedChange[] {
  const changes: PlannedChange[] = [];
  // The server's children lists as the planned changes leave them.
  const server: Record<string, string[]> = Object.fromEntries(Object.entries(original.children).map(([parent, keys]) => [parent, [...keys]]));
  const serverParent = new Map<string, string>();
  for (const [parent, keys] of Object.entries(server)) for (const key of keys) serverParent.set(key, parent);

  const queue = [ROOT];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    const wanted = draft.children[parent] ?? [];
    const current = server[parent] ?? (server[parent] = []);
    const kept = longestIncreasing(wanted.filter((key) => serverParent.get(key) === parent).map((key) => current.indexOf(key)));
    // By key: the placements below shift the indexes.
    const staying = new Set([...kept].map((index) => current[index]!));
    wanted.forEach((key, index) => {
      queue.push(key);
      const page = draft.pages[key]!;
      const before = original.pages[key];
      const stays = staying.has(key);
      const title = before && page.title !== before.title && page.title.trim() ? page.title : undefined;
      // "": the server derives the slug from the new title.
      const slug = title !== undefined && page.slugFollowsTitle ? ("" as const) : undefined;
      const markdown = before && page.markdown !== before.markdown ? page.markdown : undefined;
      const document = markdown !== undefined ? page.document : undefined;
      if (stays) {
        if (title !== undefined || markdown !== undefined) changes.push({ operation: "update_page", key, ...defined({ title, slug, markdown, document }) });
        return;
      }
      const from = serverParent.get(key);
      if (from !== undefined) server[from] = server[from]!.filter((other) => other !== key);
      const at = index === 0 ? 0 : current.indexOf(wanted[index - 1]!) + 1;
      current.splice(at, 0, key);
      serverParent.set(key, parent);
      if (before) {
        changes.push({ operation: "update_page", key, parent, at, ...defined({ title, slug, markdown, document }) });
      } else if (page.document) {
        // A JSON document's blocks are all content: its leading heading does not become the title.
        changes.push({ operation: "insert_page", key, parent, at, title: page.title, markdown: page.markdown, document: page.document });
      } else if (TITLE_LIKE_START.test(page.markdown)) {
        changes.push({ operation: "insert_page", key, parent, at, title: page.title, markdown: "" });
        changes.push({ operation: "update_page", key, markdown: page.markdown });
      } else {
        changes.push({ operation: "insert_page", key, parent, at, title: page.title, markdown: page.markdown });
      }
    });
  }

  const removed = new Set(Object.keys(original.pages).filter((key) => !(key in draft.pages)));
  const originalParent = new Map<string, string>();
  for (const [parent, keys] of Object.entries(original.children)) for (const key of keys) originalParent.set(key, parent);
  for (const key of removed) {
    // Deleted pages never move, so the server still has them under their original parent.
    let ancestor = originalParent.get(key);
    let coveredByAncestor = false;
    while (ancestor !== undefined && ancestor !== ROOT) {
      if (removed.has(ancestor)) coveredByAncestor = true;
      ancestor = originalParent.get(ancestor);
    }
    if (!coveredByAncestor) changes.push({ operation: "delete_page", key });
  }
  return changes;
}

function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
