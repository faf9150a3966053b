import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { sendPlan } from "@/components/editor/save-plan";
import {
  addPage,
  deletePage,
  draftFromServer,
  movePage,
  planSave,
  readingOrder,
  ROOT,
  updatePage,
  type Draft,
  type Move,
  type PlannedChange,
} from "@/components/editor/draft-model";

/**
 * The editor's save plan, checked against a model of how the server applies a batch: each
 * change in order, `at` counting the siblings without the page, deleting a page deleting its
 * subtree. Whatever the edits, applying the plan to the original gives the working copy.
 */

type Tree = { children: Map<string, string[]>; pages: Map<string, { title: string; markdown: string }> };

function treeOf(draft: Draft): Tree {
  return {
    children: new Map(Object.entries(draft.children).map(([parent, keys]) => [parent, [...keys]])),
    pages: new Map(Object.values(draft.pages).map((page) => [page.key, { title: page.title, markdown: page.markdown }])),
  };
}

function apply(tree: Tree, change: PlannedChange): void {
  const parentOf = (key: string) => [...tree.children].find(([, keys]) => keys.includes(key))?.[0];
  const place = (key: string, parent: string, at: number | undefined) => {
    const siblings = tree.children.get(parent) ?? [];
    siblings.splice(Math.min(at ?? siblings.length, siblings.length), 0, key);
    tree.children.set(parent, siblings);
  };
  switch (change.operation) {
    case "insert_page": {
      expect(change.parent === ROOT || tree.pages.has(change.parent), `parent ${change.parent} exists`).toBe(true);
      tree.pages.set(change.key, { title: change.title, markdown: change.markdown });
      place(change.key, change.parent, change.at);
      return;
    }
    case "update_page": {
      const page = tree.pages.get(change.key);
      expect(page, `page ${change.key} exists`).toBeDefined();
      if (change.title !== undefined) page!.title = change.title;
      if (change.markdown !== undefined) page!.markdown = change.markdown;
      const from = parentOf(change.key)!;
      const to = change.parent ?? from;
      if (to !== from || change.at !== undefined) {
        tree.children.set(from, tree.children.get(from)!.filter((key) => key !== change.key));
        place(change.key, to, change.at);
      }
      return;
    }
    case "delete_page": {
      expect(tree.pages.has(change.key), `page ${change.key} exists`).toBe(true);
      const remove = (key: string) => {
        for (const child of tree.children.get(key) ?? []) remove(child);
        tree.pages.delete(key);
        tree.children.delete(key);
      };
      const parent = parentOf(change.key)!;
      tree.children.set(parent, tree.children.get(parent)!.filter((key) => key !== change.key));
      remove(change.key);
    }
  }
}

/** The tree as nested [key, title, markdown, children] lists, for comparison. */
function shape(tree: Tree, parent = ROOT): unknown[] {
  return (tree.children.get(parent) ?? []).map((key) => [key, tree.pages.get(key)!.title, tree.pages.get(key)!.markdown, shape(tree, key)]);
}

function saved(original: Draft, draft: Draft): { plan: PlannedChange[]; result: unknown[] } {
  const plan = planSave(original, draft);
  const tree = treeOf(original);
  for (const change of plan) apply(tree, change);
  return { plan, result: shape(tree) };
}

const page = (id: string, pages: { id: string; title: string; pages: unknown[] }[] = []) => ({ id, title: id.toUpperCase(), markdown: `# ${id}\n`, pages });

function original(): Draft {
  return draftFromServer([page("a", [page("a1"), page("a2", [page("a2x")])]), page("b"), page("c", [page("c1")]), page("d")] as never);
}

describe("the editor's save plan", () => {
  it("is empty when nothing changed", () => {
    expect(planSave(original(), original())).toEqual([]);
  });

  it("sends one update for a text edit", () => {
    const draft = updatePage(original(), "b", { markdown: "New text" });
    expect(planSave(original(), draft)).toEqual([{ operation: "update_page", key: "b", markdown: "New text" }]);
  });

  it("moves only the page that changed places", () => {
    const draft = movePage(original(), "d", "up");
    const { plan, result } = saved(original(), draft);
    expect(plan).toEqual([{ operation: "update_page", key: "d", parent: ROOT, at: 2 }]);
    expect(result).toEqual(shape(treeOf(draft)));
  });

  it("writes a new page's leading heading in a second change, so that it is not taken as its title", () => {
    const draft = addPage(original(), { key: "new-1", title: "Fresh", markdown: "# Heading\n\nBody" }, { after: "b" });
    expect(planSave(original(), draft)).toEqual([
      { operation: "insert_page", key: "new-1", parent: ROOT, at: 2, title: "Fresh", markdown: "" },
      { operation: "update_page", key: "new-1", markdown: "# Heading\n\nBody" },
    ]);
  });

  it("sends a page edited in blocks as its JSON document, in one change even when it starts with a heading", async () => {
    const document = { object: "document", data: {}, nodes: [{ object: "block", type: "heading-1", key: "k1", data: {}, nodes: [] }] } as unknown as JSONDocument;
    let draft = updatePage(original(), "b", { markdown: "# Edited\n", document });
    draft = addPage(draft, { key: "new-1", title: "Fresh", markdown: "# Heading\n", document }, { after: "b" });
    const plan = planSave(original(), draft);
    expect(plan).toEqual([
      { operation: "update_page", key: "b", markdown: "# Edited\n", document },
      { operation: "insert_page", key: "new-1", parent: ROOT, at: 2, title: "Fresh", markdown: "# Heading\n", document },
    ]);
    const sent: unknown[] = [];
    const created = new Map<string, string>();
    await sendPlan(plan, async (changes) => (sent.push(...changes), { changes: [{ object: "created_page", ref: "new-1", page: { id: "id-new" } }] }), undefined, created);
    expect(sent).toEqual([
      { operation: "update_page", page: "b", document: { document } },
      { operation: "insert_page", title: "Fresh", document: { document }, at: 2, ref: "new-1" },
    ]);
    // A later save names the created page by the server's id.
    const later = planSave(draft, updatePage(draft, "new-1", { markdown: "Body\n", document: undefined }));
    sent.length = 0;
    await sendPlan(later, async (changes) => (sent.push(...changes), { changes: [] }), undefined, created);
    expect(sent).toEqual([{ operation: "update_page", page: "id-new", document: { markdown: "Body\n" } }]);
  });

  it("keeps a page moved out of a deleted page, and deletes the page once for its subtree", () => {
    let draft = movePage(original(), "a2", "outdent");
    draft = deletePage(draft, "a");
    const { plan, result } = saved(original(), draft);
    expect(plan.filter((change) => change.operation === "delete_page")).toEqual([{ operation: "delete_page", key: "a" }]);
    expect(result).toEqual(shape(treeOf(draft)));
  });

  it("gives the working copy back after any sequence of edits", () => {
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const moves: Move[] = ["up", "down", "indent", "outdent"];
    for (let run = 0; run < 300; run++) {
      let draft = original();
      let created = 0;
      for (let step = 0; step < 1 + random(12); step++) {
        const keys = readingOrder(draft).map((entry) => entry.key);
        const key = keys[random(Math.max(keys.length, 1))];
        const action = random(6);
        if (!key || action === 0) {
          const fresh = { key: `new-${++created}`, title: `New ${created}`, markdown: random(2) ? "# Title-like\n" : "Body" };
          draft = addPage(draft, fresh, key ? (random(2) ? { after: key } : { inside: key }) : {});
        } else if (action === 1) draft = deletePage(draft, key);
        else if (action === 2) draft = updatePage(draft, key, { markdown: `edited ${step}`, title: `T${step}` });
        else draft = movePage(draft, key, moves[random(4)]!);
      }
      const { result } = saved(original(), draft);
      expect(result, `run ${run}`).toEqual(shape(treeOf(draft)));
    }
  });
});

describe("a page's slug", () => {
  const server = (slug: string) => draftFromServer([{ id: "p", title: "Getting started", slug, markdown: "", pages: [] }]);

  it("follows its title until it is set by hand: a new title has the server derive it again", () => {
    for (const slug of ["getting-started", "getting-started-2"]) {
      const loaded = server(slug);
      expect(planSave(loaded, updatePage(loaded, "p", { title: "Install" }))).toEqual([{ operation: "update_page", key: "p", title: "Install", slug: "" }]);
    }
    const byHand = server("start-here");
    expect(planSave(byHand, updatePage(byHand, "p", { title: "Install" }))).toEqual([{ operation: "update_page", key: "p", title: "Install" }]);
  });

  it("is sent as asked, a new page's being derived from its title as it is created", async () => {
    const loaded = server("getting-started");
    const plan = planSave(loaded, addPage(updatePage(loaded, "p", { title: "Install" }), { key: "new-1", title: "Untitled page", markdown: "", slugFollowsTitle: true }, {}));
    const sent: unknown[] = [];
    await sendPlan(plan, async (changes) => {
      sent.push(...changes);
      return { changes: [{ object: "created_page", ref: "new-1", page: { id: "n1" } }] };
    });
    expect(sent).toEqual([
      { operation: "update_page", page: "p", title: "Install", slug: "" },
      { operation: "insert_page", title: "Untitled page", document: { markdown: "" }, at: 1, ref: "new-1" },
    ]);
  });
});
