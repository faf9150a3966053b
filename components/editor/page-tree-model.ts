import { descendants, parentOf, ROOT, type Draft, type DraftPage } from "./draft-model";

/**
 * The page tree's own operations on the editor's working copy (components/editor/draft-model.ts):
 * the rows it shows with collapsed pages folded, where a dragged page would land, placing it there,
 * and duplicating a page with its subpages. Pure functions, tested in tests/ui/page-tree-model.unit.test.ts.
 */

export type TreeRow = { key: string; depth: number; hasChildren: boolean };

/** Pages in reading order with their depth, leaving out the subpages of collapsed pages. */
export function visibleRows(draft: Draft, collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (parent: string, depth: number) => {
    for (const key of draft.children[parent] ?? []) {
      const hasChildren = (draft.children[key]?.length ?? 0) > 0;
      rows.push({ key, depth, hasChildren });
      if (!collapsed.has(key)) walk(key, depth + 1);
    }
  };
  walk(ROOT, 0);
  return rows;
}

/** Where a dropped page goes: under `parent` (ROOT for the top level) at `index` among its other children, shown at `depth`. */
export type DropTarget = { parent: string; index: number; depth: number };

/**
 * Where a page dragged to the gap before `rows[gap]` (`rows.length`: after the last row) lands, at
 * the depth the pointer's horizontal offset asks for. The depth is kept to what the gap allows: at
 * most one deeper than the row above (a child of it), at least as deep as the row below (no row
 * may lose its parent). The dragged page's own rows are left out of `rows` by the caller, so it
 * can never land inside itself.
 */
export function dropTarget(draft: Draft, rows: TreeRow[], dragged: string, gap: number, wantedDepth: number): DropTarget {
  const above = rows[gap - 1];
  const below = rows[gap];
  const maxDepth = above ? above.depth + 1 : 0;
  const minDepth = below ? below.depth : 0;
  const depth = Math.max(minDepth, Math.min(maxDepth, wantedDepth));
  let parent = ROOT;
  let previousSibling: string | undefined;
  for (let at = gap - 1; at >= 0; at--) {
    const row = rows[at]!;
    if (row.depth === depth && previousSibling === undefined) previousSibling = row.key;
    if (row.depth < depth) {
      parent = row.key;
      break;
    }
  }
  const siblings = (draft.children[parent] ?? []).filter((key) => key !== dragged);
  return { parent, index: previousSibling === undefined ? 0 : siblings.indexOf(previousSibling) + 1, depth };
}

/** Moves a page (with its subpages) under `parent` at `index` among its other children; a move into itself changes nothing. */
export function placePage(draft: Draft, key: string, target: { parent: string; index: number }): Draft {
  const from = parentOf(draft, key);
  if (from === undefined || target.parent === key || descendants(draft, key).includes(target.parent)) return draft;
  const children = { ...draft.children, [from]: draft.children[from]!.filter((other) => other !== key) };
  const siblings = [...(children[target.parent] ?? [])];
  siblings.splice(Math.max(0, Math.min(target.index, siblings.length)), 0, key);
  return { ...draft, children: { ...children, [target.parent]: siblings } };
}

/**
 * A copy of a page and its subpages, placed right after it: titles and bodies (as markdown; the
 * copies' blocks get keys of their own when saved). `newKey` names each new page.
 */
export function duplicatePage(draft: Draft, key: string, newKey: () => string): { draft: Draft; copy: string } {
  const parent = parentOf(draft, key);
  if (parent === undefined) return { draft, copy: key };
  const pages: Record<string, DraftPage> = { ...draft.pages };
  const children: Record<string, string[]> = { ...draft.children };
  const copyOf = (original: string, title: string): string => {
    const source = draft.pages[original]!;
    const copy = newKey();
    pages[copy] = { key: copy, title, markdown: source.markdown, ...(source.emoji ? { emoji: source.emoji } : {}) };
    children[copy] = (draft.children[original] ?? []).map((child) => copyOf(child, draft.pages[child]!.title));
    return copy;
  };
  const copy = copyOf(key, `${draft.pages[key]!.title} (copy)`);
  const siblings = [...children[parent]!];
  siblings.splice(siblings.indexOf(key) + 1, 0, copy);
  children[parent] = siblings;
  return { draft: { pages, children }, copy };
}
