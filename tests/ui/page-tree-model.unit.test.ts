import { describe, expect, it } from "vitest";
import { draftFromServer, planSave, readingOrder, type Draft, type ServerPage } from "@/components/editor/draft-model";
import { dropTarget, duplicatePage, placePage, visibleRows } from "@/components/editor/page-tree-model";

/** The page tree's drag and drop and duplicate, on a small tree: A (A1, A2), B, C (C1). */

const page = (id: string, pages: ServerPage[] = []): ServerPage => ({ id, title: id, markdown: `# ${id}\n`, pages });
const tree = (): Draft => draftFromServer([page("A", [page("A1"), page("A2")]), page("B"), page("C", [page("C1")])]);
const shape = (draft: Draft) => readingOrder(draft).map(({ key, depth }) => `${"-".repeat(depth)}${draft.pages[key]!.title}`);

/** Where the page lands when dropped at `gap` of the rows without it and its subpages, asking for `depth`. */
function drop(draft: Draft, dragged: string, gap: number, depth: number) {
  const hidden = new Set([dragged, ...readingOrder(draft).map((row) => row.key).filter((key) => draft.children[dragged]?.includes(key))]);
  const rows = visibleRows(draft, new Set()).filter((row) => !hidden.has(row.key));
  return dropTarget(draft, rows, dragged, gap, depth);
}

describe("page tree", () => {
  it("visible rows leave out the subpages of collapsed pages", () => {
    expect(visibleRows(tree(), new Set(["A"])).map((row) => [row.key, row.depth, row.hasChildren])).toEqual([
      ["A", 0, true],
      ["B", 0, false],
      ["C", 0, true],
      ["C1", 1, false],
    ]);
  });

  it("a drop's depth follows the pointer's offset within what the gap allows", () => {
    const draft = tree();
    // B dragged between A2 and C (rows without B: A, A1, A2, C, C1; the gap before C is 3).
    expect(drop(draft, "B", 3, 0)).toEqual({ parent: "", index: 1, depth: 0 });
    expect(drop(draft, "B", 3, 1)).toEqual({ parent: "A", index: 2, depth: 1 });
    // Deeper than a child of A2 is not possible: it becomes A2's child.
    expect(drop(draft, "B", 3, 5)).toEqual({ parent: "A2", index: 0, depth: 2 });
    // Between A1 and A2, a page cannot go back to the top level: A2 would lose its parent.
    expect(drop(draft, "B", 2, 0)).toEqual({ parent: "A", index: 1, depth: 1 });
    // At the very top, only the top level.
    expect(drop(draft, "B", 0, 3)).toEqual({ parent: "", index: 0, depth: 0 });
  });

  it("placing a page moves its subpages with it, and never into itself", () => {
    const draft = tree();
    expect(shape(placePage(draft, "C", { parent: "A", index: 1 }))).toEqual(["A", "-A1", "-C", "--C1", "-A2", "B"]);
    expect(placePage(draft, "A", { parent: "A1", index: 0 })).toBe(draft);
    // The plan the editor saves brings the server to the same tree.
    const placed = placePage(draft, "C", { parent: "A", index: 1 });
    expect(planSave(draft, placed)).toEqual([{ operation: "update_page", key: "C", parent: "A", at: 1 }]);
  });

  it("duplicating copies a page and its subpages right after it, as new pages", () => {
    let counter = 0;
    const { draft, copy } = duplicatePage(tree(), "A", () => `new-${++counter}`);
    expect(copy).toBe("new-1");
    expect(shape(draft)).toEqual(["A", "-A1", "-A2", "A (copy)", "-A1", "-A2", "B", "C", "-C1"]);
    expect(draft.pages["new-2"]).toEqual({ key: "new-2", title: "A1", markdown: "# A1\n" });
    expect(planSave(tree(), draft).map((change) => change.operation)).toEqual(["insert_page", "update_page", "insert_page", "update_page", "insert_page", "update_page"]);
  });
});
